import type { Chunk } from '@rag/core';
import { describe, expect, it } from 'vitest';
import { naiveSegment } from '../../test/fixtures/segment.js';
import { chunkDocument } from '../chunking/chunker.js';
import { createTypedTripleExtractor as createHeuristicTripleExtractor } from './typed-extractor.js';

function chunkOf(text: string, id = 'doc'): Chunk {
  return chunkDocument({ id, text, metadata: {} }, { segment: naiveSegment })[0]!;
}

const ex = createHeuristicTripleExtractor();
async function facts(text: string, title?: string) {
  const r = await ex.extract({ chunk: chunkOf(text), ...(title ? { docTitle: title } : {}) });
  const typed = r.triples.filter((t) => !['co_occurs_with', 'mentions'].includes(t.relation)).map((t) => `${t.head} | ${t.relation} | ${t.tail}`);
  return { typed, entities: r.entities };
}

describe('typed relation patterns', () => {
  it('reads birth and death dates and places from the parenthesis and from "born … in"', async () => {
    const { typed } = await facts('Mara Velden (12 March 1901 – 4 May 1977) was a Dutch painter. She was born in Utrecht.', 'Mara Velden');
    expect(typed).toEqual(expect.arrayContaining(['Mara Velden | born_on | 12 March 1901', 'Mara Velden | died_on | 4 May 1977', 'Mara Velden | occupation | dutch painter', 'Mara Velden | nationality | Dutch', 'Mara Velden | born_in | Utrecht']));
  });

  it('reads film credits: release year, director, and a list of performers', async () => {
    const { typed, entities } = await facts('Harbour Lights is a 1987 British drama film directed by Oren Pike and starring Lina Varga, Tom Avery and Ruth Kell.', 'Harbour Lights (film)');
    expect(typed).toEqual(expect.arrayContaining(['Harbour Lights | released_on | 1987', 'Harbour Lights | director | Oren Pike', 'Harbour Lights | performer | Lina Varga', 'Harbour Lights | performer | Tom Avery', 'Harbour Lights | performer | Ruth Kell', 'Harbour Lights | genre | drama film']));
    expect(entities.find((e) => e.name === 'Harbour Lights')?.type).toBe('Work');
  });

  it('reads founding, headquarters, aliases and class nouns before names', async () => {
    const { typed } = await facts('Quill Press (QP) is a publishing company founded in 1921 by Edith Marlow and based in Leeds. The band Northern Sparks, formerly known as Sparkline, signed with Quill Press.');
    expect(typed).toEqual(expect.arrayContaining(['Quill Press | alias | QP', 'Quill Press | founded_in | 1921', 'Quill Press | founded_by | Edith Marlow', 'Quill Press | headquartered_in | Leeds', 'Northern Sparks | alias | Sparkline']));
  });

  it('reads place chains as located_in and country, but not lists of places', async () => {
    const { typed } = await facts('Millbrook is an unincorporated community in Dane County, Wisconsin, United States. Nearby towns include Verona, Oregon, Stoughton and Madison.', 'Millbrook, Wisconsin');
    expect(typed).toEqual(expect.arrayContaining(['Millbrook, Wisconsin | instance_of | unincorporated community', 'Millbrook, Wisconsin | located_in | Dane County', 'Dane County | located_in | Wisconsin', 'Wisconsin | country | United States', 'Millbrook, Wisconsin | country | United States']));
    expect(typed.some((t) => t.startsWith('Verona | located_in'))).toBe(false);
  });

  it('reads borders, river mouths and owners', async () => {
    const { typed } = await facts('Orran County is a county in Kentucky. Orran County borders Kessel County and Tamm County. The Varnis River flows into the Pell River near Brenly. Skyline Air is owned by Hollis Group. Tarvik Airport is operated by Ostland Airports.', 'Orran County');
    expect(typed).toEqual(expect.arrayContaining(['Orran County | borders | Kessel County', 'Orran County | borders | Tamm County', 'Varnis River | flows_into | Pell River', 'Skyline Air | owned_by | Hollis Group', 'Tarvik Airport | owned_by | Ostland Airports']));
    const passive = await facts('Marsden is a town in Ostland. It is bordered by Velbury.', 'Marsden');
    expect(passive.typed).toContain('Marsden | borders | Velbury');
    // a place named inside a prepositional phrase is not the river that flows
    const river = await facts('The Tarn River is a river in Ostland. After running through Velbury, it flows into the Orm River.', 'Tarn River');
    expect(river.typed).toContain('Tarn River | flows_into | Orm River');
    expect(river.typed.some((t) => t.startsWith('Velbury | flows_into'))).toBe(false);
    const radio = await facts('KVLB-FM is a radio station in Marsden, Ostland, owned by Hollis Group.', 'KVLB-FM');
    expect(radio.typed).toContain('KVLB-FM | owned_by | Hollis Group');
    expect(radio.typed.some((t) => t.startsWith('Ostland | owned_by'))).toBe(false);
    // "borders" as a noun says nothing about a neighbour
    const noun = await facts('Marsden is a town in Ostland. The river forms the western borders of Velbury and Orm.', 'Marsden');
    expect(noun.typed.some((t) => t.includes('| borders |'))).toBe(false);
  });

  it('reads part-of frames, nested place chains, event venues and construction dates', async () => {
    const { typed } = await facts('Brenly Township is a civil township of Orran County in the Harlan region of Kentucky. The Pell Creek, a tributary of the Varnis River, is part of the Orran National Forest.', 'Brenly Township');
    expect(typed).toEqual(expect.arrayContaining(['Brenly Township | located_in | Orran County', 'Brenly Township | located_in | Kentucky', 'Pell Creek | part_of | Varnis River', 'Pell Creek | part_of | Orran National Forest']));
    expect(typed.some((t) => t.startsWith('Varnis River | part_of'))).toBe(false);
    const more = await facts('The Corvel Film Festival took place in Marsden. The Hallam Bridge was built in 1891. Skyline Air was an airline based in Tarvik, Norway.');
    expect(more.typed).toEqual(expect.arrayContaining(['Corvel Film Festival | located_in | Marsden', 'Hallam Bridge | founded_in | 1891', 'Skyline Air | headquartered_in | Tarvik', 'Skyline Air | country | Norway']));
    const road = await facts('Tarn Road is a major east–west street in Velbury, northern Ostland. Orm Road or Orm Highway () is a highway in Norway.');
    expect(road.typed).toEqual(expect.arrayContaining(['Tarn Road | located_in | Velbury', 'Tarn Road | located_in | Ostland', 'Orm Road | instance_of | highway', 'Orm Road | country | Norway']));
    // "part of" after a plain verb is not a part-of statement of the name before it
    const none = await facts('Tom Avery sang at the Orran Festival as part of the Varnis Tour.');
    expect(none.typed.some((t) => t.includes('part_of'))).toBe(false);
  });

  it('keeps noise out: possessives, identifier fragments, capitalised common words and bare years are not entities', async () => {
    const { entities } = await facts("Snoop Dogg's album sold well in the 1990s. The server returned ERR_NOT_FOUND_INVALID for the Century field.");
    const names = entities.map((e) => e.name);
    expect(names).toContain('Snoop Dogg');
    for (const bad of ["Snoop Dogg's", 'Snoop Dogg s', 'NOT', 'FOUND', 'INVALID', 'Century', '1990s']) expect(names).not.toContain(bad);
  });

  it('reads a place title\'s qualifiers as the places it lies in, when the passage names them', async () => {
    const { typed } = await facts('Orrin is an unincorporated community in Tallow County. It lies near the river in West Virginia.', 'Orrin, Tallow County, West Virginia');
    expect(typed).toEqual(expect.arrayContaining(['Orrin, Tallow County, West Virginia | located_in | Tallow County', 'Orrin, Tallow County, West Virginia | located_in | West Virginia']));
    const film = await facts('Hello Aunt is a 1975 comedy film set in Poland.', 'Hello, Aunt');
    expect(film.typed.some((t) => t.includes('located_in'))).toBe(false);
  });

  it('reads "published monthly by the X" as publisher', async () => {
    const { typed } = await facts('The Journal of Quiet Physics is a peer-reviewed journal published monthly by the Institute of Quiet Physics.', 'Journal of Quiet Physics');
    expect(typed).toContain('Journal of Quiet Physics | publisher | Institute of Quiet Physics');
  });

  it('does not take a month of a date range, a number word or a unit for a name, nor the title\'s first word for the page', async () => {
    const { entities } = await facts('Summers in Dorrin last from early April to October. WQXR One broadcasts on 96.3 FM with an ERP of 6 kW.', 'Dorrin');
    const names = entities.map((e) => e.name);
    for (const bad of ['April', 'October', 'FM', 'ERP']) expect(names).not.toContain(bad);
    const r = await ex.extract({ chunk: chunkOf("Kansas's 9th congressional district is a district in the state of Kansas."), docTitle: "Kansas's 9th congressional district" });
    const page = r.entities.find((e) => e.name === "Kansas's 9th congressional district");
    expect(page?.aliases ?? []).not.toContain('Kansas');
  });

  it('follows a place chain past a compass word and a parenthesis after the class noun', async () => {
    const a = await facts('Powwow Pond is a water body in Rockingham County in southeastern New Hampshire, United States.', 'Powwow Pond');
    expect(a.typed).toEqual(expect.arrayContaining(['Powwow Pond | located_in | Rockingham County', 'Powwow Pond | located_in | New Hampshire', 'Powwow Pond | country | United States']));
    const b = await facts('Belcourt is a census-designated place (CDP) in Rolette County, North Dakota in the United States.', 'Belcourt, North Dakota');
    expect(b.typed).toEqual(expect.arrayContaining(['Belcourt, North Dakota | located_in | Rolette County', 'Belcourt, North Dakota | country | United States']));
  });

  it('reads the class noun before an organisation or place name, not a plural or a table label', async () => {
    const a = await facts('"Killer" is a song by the American hard rock band Kiss.', 'Killer (song)');
    expect(a.typed).toContain('Kiss | instance_of | american hard rock band');
    const b = await facts('Some of the members also played in the bands Crucifist, Nechrochasm and Cyrus.', 'Nuclear Assault');
    expect(b.typed.some((t) => t.includes('instance_of | bands'))).toBe(false);
    const c = await facts('The album was released on its own label Beat the World Records.', 'Ready');
    expect(c.typed.some((t) => t.includes('own label'))).toBe(false);
  });

  it('gives "and is a member of" to the copula\'s subject, not to the nearest name', async () => {
    const a = await facts('She represents the Seoni constituency of Madhya Pradesh and is a member of the Bharatiya Janata Party (BJP) political party.', 'Neeta Pateriya');
    expect(a.typed).toContain('Neeta Pateriya | member_of | Bharatiya Janata Party');
    expect(a.typed.some((t) => t.startsWith('Seoni | member_of'))).toBe(false);
    const b = await facts('Connie Pillich (born September 7, 1960) is a former Democratic member of the Ohio House of Representatives, representing the 28th District.', 'Connie Pillich');
    expect(b.typed).toContain('Connie Pillich | member_of | Ohio House of Representatives');
  });

  it('reads a station\'s city of licence and adjectives listed with commas before the class noun', async () => {
    const a = await facts('WGAI (560 kHz) is a commercial AM radio station licensed to Elizabeth City, North Carolina, serving Elizabeth City and the Outer Banks.', 'WGAI');
    expect(a.typed).toEqual(expect.arrayContaining(['WGAI | located_in | Elizabeth City', 'WGAI | located_in | North Carolina']));
    const b = await facts('Nature Physics, is a monthly, peer reviewed, scientific journal published by the Nature Publishing Group.', 'Nature Physics');
    expect(b.typed).toEqual(expect.arrayContaining(['Nature Physics | instance_of | monthly peer reviewed scientific journal', 'Nature Physics | publisher | Nature Publishing Group']));
    expect(b.typed).not.toContain('Nature Physics | instance_of | monthly');
  });

  it('keeps a class noun the lexicon reads as a verb ("park") and follows a chain past ", in the"', async () => {
    const a = await facts('Joe Creason Park is a municipal park in Louisville, Kentucky, United States.', 'Joe Creason Park');
    expect(a.typed).toEqual(expect.arrayContaining(['Joe Creason Park | instance_of | municipal park', 'Joe Creason Park | located_in | Louisville', 'Joe Creason Park | country | United States']));
    const b = await facts('The Rainy River is a river in Presque Isle County, Michigan, in the United States.', 'Rainy River');
    expect(b.typed).toEqual(expect.arrayContaining(['Rainy River | located_in | Michigan', 'Rainy River | country | United States']));
  });

  it('reads "within" and "at" after a place class, past an ordinal, but not a street address', async () => {
    const a = await facts('Bankview is a community within the Town of Drumheller, Alberta, Canada.', 'Bankview, Alberta');
    expect(a.typed).toEqual(expect.arrayContaining(['Bankview, Alberta | located_in | Town of Drumheller', 'Bankview, Alberta | country | Canada']));
    const b = await facts('Musselroe Wind Farm is a wind farm at Cape Portland, Tasmania, Australia.', 'Musselroe Wind Farm');
    expect(b.typed).toEqual(expect.arrayContaining(['Musselroe Wind Farm | located_in | Cape Portland', 'Musselroe Wind Farm | country | Australia']));
    const c = await facts('South Congregational Church is a historic church building at 58 S. Main Street in Newport.', 'South Congregational Church');
    expect(c.typed.some((t) => t.startsWith('South Congregational Church | located_in | S'))).toBe(false);
    const d = await facts('Over My Dead Body is the seventh Nero Wolfe detective novel by Rex Stout.', 'Over My Dead Body (novel)');
    expect(d.typed).toEqual(expect.arrayContaining(['Over My Dead Body | instance_of | detective novel', 'Over My Dead Body | author | Rex Stout']));
  });

  it('reads a birthplace chain and the writers of a screenplay or libretto', async () => {
    const a = await facts('Wendy Venturini (born January 30, 1979 in Chicago, Illinois) is an American reporter.', 'Wendy Venturini');
    expect(a.typed).toEqual(expect.arrayContaining(['Wendy Venturini | born_in | Chicago', 'Wendy Venturini | born_in | Illinois', 'Chicago | located_in | Illinois']));
    const b = await facts('Wonder Woman is a 2017 American superhero film. The film is directed by Patty Jenkins, with a screenplay by Allan Heinberg.', 'Wonder Woman (2017 film)');
    expect(b.typed).toEqual(expect.arrayContaining(['Wonder Woman | director | Patty Jenkins', 'Wonder Woman | author | Allan Heinberg']));
  });

  it('reads the places in a life-dates parenthesis and a list of places before a plural place noun', async () => {
    const a = await facts('Steven Blankaart (24 October 1650, Middelburg – 23 February 1704, Amsterdam) was a Dutch physician, iatrochemist, and entomologist.', 'Steven Blankaart');
    expect(a.typed).toEqual(expect.arrayContaining(['Steven Blankaart | born_on | 24 October 1650', 'Steven Blankaart | born_in | Middelburg', 'Steven Blankaart | died_on | 23 February 1704', 'Steven Blankaart | died_in | Amsterdam']));
    const b = await facts('The Intrepid Wind Farm consists of 107 wind turbines, located in Sac and Buena Vista counties in north-west Iowa, has a generating capacity of 160.5 megawatts of electricity.', 'Intrepid Wind Farm');
    expect(b.typed).toEqual(expect.arrayContaining(['Intrepid Wind Farm | located_in | Sac', 'Intrepid Wind Farm | located_in | Buena Vista', 'Intrepid Wind Farm | located_in | Iowa']));
    expect(b.entities.find((e) => e.name === 'Buena Vista')?.type).toBe('Place');
    // without the plural place noun a list after "in" is not read as containment of each
    const c = await facts('The museum is located in Paris and has a branch in Lyon.', 'Louvre Lens');
    expect(c.typed.some((t) => t.endsWith('| Lyon') && t.includes('located_in') && t.startsWith('Louvre'))).toBe(false);
  });

  it('keeps names on both sides of a slash between title-case words, and drops a profession before a full name', async () => {
    const a = await facts('APTIS was the Accountancy and Passenger Ticket Issuing System used on the British Rail/National Rail until 2007.', 'APTIS');
    const names = a.entities.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['British Rail', 'National Rail']));
    const b = await facts('Producer Peter Rogers and director Gerald Thomas drew on a regular group of actors.', 'Carry On (franchise)');
    expect(b.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Peter Rogers', 'Gerald Thomas']));
    const c = await facts('King Vidor was an American film director.', 'King Vidor');
    expect(c.entities.map((e) => e.name)).toContain('King Vidor');
  });

  it('gives "who played for" to the person, and the list of teams shares one type', async () => {
    const a = await facts('Barry Jarvis Wesson (born April 6, 1977 in Tupelo, Mississippi) is an American former right-handed outfielder in Major League Baseball who played for the Houston Astros and Anaheim Angels.', 'Barry Wesson');
    expect(a.typed).toEqual(expect.arrayContaining(['Barry Wesson | member_of | Houston Astros', 'Barry Wesson | member_of | Anaheim Angels']));
    expect(a.typed.some((t) => t.startsWith('Major League Baseball | member_of'))).toBe(false);
  });

  it('reads "affiliated with", "attended" a school, "located within" and a headquarters chain', async () => {
    const a = await facts('Alain Poher (17 April 1909 – 9 December 1996) was a French centrist politician, affiliated first with the Popular Republican Movement and later with the Democratic Centre.', 'Alain Poher');
    expect(a.typed).toEqual(expect.arrayContaining(['Alain Poher | member_of | Popular Republican Movement', 'Alain Poher | member_of | Democratic Centre']));
    const b = await facts('Harris W. Fawell was an American politician. He attended North Central College of Naperville 1947–1949.', 'Harris W. Fawell');
    expect(b.typed).toContain('Harris W. Fawell | educated_at | North Central College of Naperville');
    const c = await facts('The airport is located within Stockholm County and the province of Uppland.', 'Stockholm Arlanda Airport');
    expect(c.typed).toContain('Stockholm Arlanda Airport | located_in | Stockholm County');
    const d = await facts('Suzlon Energy is an Indian renewable energy company headquartered in Gurgaon, Haryana, India.', 'Suzlon Energy');
    expect(d.typed).toEqual(expect.arrayContaining(['Suzlon Energy | headquartered_in | Gurgaon', 'Suzlon Energy | located_in | Haryana']));
  });

  it('reads "a sailor from Belgium" as nationality, "a politician from the X Party" as member_of, and an opening "Located in X, it …"', async () => {
    const a = await facts('Léopold Standaert was a sailor from Belgium, who represented his native country at the 1920 Summer Olympics.', 'Léopold Standaert');
    expect(a.typed).toContain('Léopold Standaert | nationality | Belgium');
    const b = await facts('Víctor Jiménez (born 4 February 1984) is a Spanish racing driver from Madrid, Spain.', 'Víctor Jiménez');
    expect(b.typed.some((t) => t.includes('nationality | Spain') || t.includes('nationality | Madrid'))).toBe(false);
    const c = await facts('Ismael Ordaz Jiménez (born 16 February 1951) is a Mexican politician from the Institutional Revolutionary Party.', 'Ismael Ordaz Jiménez');
    expect(c.typed).toContain('Ismael Ordaz Jiménez | member_of | Institutional Revolutionary Party');
    const d = await facts('Located in Tooele County, it is considered an island even though a dirt causeway connects it to the mainland.', 'Stansbury Island');
    expect(d.typed).toContain('Stansbury Island | located_in | Tooele County');
  });

  it('reads the cast of a film from "Character (Actor)", not an award category', async () => {
    const a = await facts('Taken is a 2008 action thriller film. Retired CIA field agent Bryan Mills (Liam Neeson) attempts to reconnect with his daughter, Kim (Maggie Grace).', 'Taken (film)');
    expect(a.typed).toEqual(expect.arrayContaining(['Taken | performer | Liam Neeson', 'Taken | performer | Maggie Grace']));
    const b = await facts('Angel Eyes is a 2001 film. The film received nominations for Outstanding Director (Luis Mandoki).', 'Angel Eyes (film)');
    expect(b.typed).not.toContain('Angel Eyes | performer | Luis Mandoki');
  });

  it('reads "the A, the B and the C" as one list and "… and is owned by" as about the subject', async () => {
    const a = await facts('To the north, the territory is bordered by the Timor Sea, the Arafura Sea and the Gulf of Carpentaria.', 'Northern Territory');
    expect(a.typed).toEqual(expect.arrayContaining(['Northern Territory | borders | Timor Sea', 'Northern Territory | borders | Arafura Sea', 'Northern Territory | borders | Gulf of Carpentaria']));
    const b = await facts('CIBW-FM is a radio station. The station is branded as Big West Country and is owned by the Jim Pattison Broadcast Group.', 'CIBW-FM');
    expect(b.typed).toContain('CIBW-FM | owned_by | Jim Pattison Broadcast Group');
    expect(b.typed.some((t) => t.startsWith('Big West Country | owned_by'))).toBe(false);
  });

  it('reads "a Union Army soldier" as member_of and a birthplace after "1782, in"', async () => {
    const a = await facts('Ira Hough (July 2, 1842 – October 18, 1916) was a Union Army soldier in the American Civil War.', 'Ira Hough');
    expect(a.typed).toEqual(expect.arrayContaining(['Ira Hough | member_of | Union Army', 'Ira Hough | occupation | soldier']));
    const b = await facts('Martin Van Buren was born on December 5, 1782, in the village of Kinderhook, New York.', 'Martin Van Buren');
    expect(b.typed).toEqual(expect.arrayContaining(['Martin Van Buren | born_in | Kinderhook', 'Martin Van Buren | born_in | New York']));
    const c = await facts('Alison Webb (born October 25, 1961) is a retired judoka from Canada, who won a medal.', 'Alison Webb');
    expect(c.typed).toEqual(expect.arrayContaining(['Alison Webb | occupation | retired judoka', 'Alison Webb | nationality | Canada']));
  });

  it('reads Polish gminas and Ethiopian woredas as places, and "born to A and B" as parents', async () => {
    const a = await facts('Gmina Elbląg is a rural gmina (administrative district) in Elbląg County, Warmian-Masurian Voivodeship, in northern Poland.', 'Gmina Elbląg');
    expect(a.typed).toEqual(expect.arrayContaining(['Gmina Elbląg | located_in | Elbląg County', 'Gmina Elbląg | located_in | Warmian-Masurian Voivodeship', 'Gmina Elbląg | country | Poland']));
    const b = await facts('Kim Yong-ju was born to Kim Hyŏng-jik and Kang Pan-sok in Mangyongdae.', 'Kim Yong-ju');
    expect(b.typed).toEqual(expect.arrayContaining(['Kim Yong-ju | parent | Kim Hyŏng-jik', 'Kim Yong-ju | parent | Kang Pan-sok']));
  });

  it('reads "Alta" as the page "Alta, Fayette County, West Virginia"', async () => {
    const a = await facts('Alta is an unincorporated community in Fayette County, West Virginia, United States.', 'Alta, Fayette County, West Virginia');
    expect(a.typed).toEqual(expect.arrayContaining(['Alta, Fayette County, West Virginia | instance_of | unincorporated community', 'Alta, Fayette County, West Virginia | located_in | Fayette County', 'Alta, Fayette County, West Virginia | country | United States']));
  });

  it('reads every neighbour of "bordered by A to the north, B to the south, and C to the east"', async () => {
    const a = await facts('Guyana is bordered by the Atlantic Ocean to the north, Brazil to the south and southwest, Venezuela to the west, and Suriname to the east.', 'Guyana');
    expect(a.typed).toEqual(expect.arrayContaining(['Guyana | borders | Atlantic Ocean', 'Guyana | borders | Brazil', 'Guyana | borders | Venezuela', 'Guyana | borders | Suriname']));
  });

  it('does not read an inverted "Situated within X is Y" as about the page', async () => {
    const a = await facts('Situated within the fort is the Basilica of St. Peter and St. Paul, as well as the Vyšehrad Cemetery.', 'Vyšehrad');
    expect(a.typed.some((t) => t.startsWith('Vyšehrad | located_in'))).toBe(false);
  });
});
