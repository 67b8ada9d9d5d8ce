// A tiny invented corpus (no third-party text) with two-hop questions: the second document is
// named only inside the first, as in HotpotQA-style bridge questions.
import type { FixtureDoc } from './fixture-index.js';

export const FIXTURE_CORPUS: readonly FixtureDoc[] = Object.freeze([
  {
    id: 'zorvath-keep',
    title: 'Zorvath Keep',
    text: 'Zorvath Keep is a hill castle overlooking the Tamsel valley. The keep was designed by Elmira Quenton in 1712. It was restored after a fire in 1890.',
  },
  {
    id: 'elmira-quenton',
    title: 'Elmira Quenton',
    text: 'Elmira Quenton was an architect and engineer. She was born in Valdoria and trained in the workshops of Port Ambrel. Her later works include bridges and granaries.',
  },
  {
    id: 'valdoria',
    title: 'Valdoria',
    text: 'Valdoria is a coastal town known for salt marshes. Its harbour was rebuilt in 1820. The town hosts an annual lantern festival.',
  },
  {
    id: 'port-ambrel',
    title: 'Port Ambrel',
    text: 'Port Ambrel is a port city with a guild of stonemasons. The guild trained many architects during the eighteenth century.',
  },
  {
    id: 'tamsel-valley',
    title: 'Tamsel valley',
    text: 'The Tamsel valley is a river valley with orchards and vineyards. Castles and watchtowers line its northern ridge.',
  },
  {
    id: 'lantern-festival',
    title: 'Lantern festival of Valdoria',
    text: 'The Lantern festival of Valdoria is held every autumn. Fishermen carry paper lanterns to the harbour at dusk.',
  },
  {
    id: 'granary-of-osk',
    title: 'Granary of Osk',
    text: 'The Granary of Osk is a stone storehouse. It was designed by Elmira Quenton and completed in 1731. Farmers from the Tamsel valley stored grain there.',
  },
  {
    id: 'hollin-bridge',
    title: 'Hollin Bridge',
    text: 'Hollin Bridge is a stone arch bridge over the river Tamsel. Its builder is unknown. Travellers paid a toll to cross it until 1850.',
  },
]);
