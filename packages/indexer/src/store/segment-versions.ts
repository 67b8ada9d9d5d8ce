// Which base segments of a generation are written in an older version of their format than this
// release writes (they are still read; the next whole write of the component rewrites them — at
// the latest `compact()`). Reads the 12-byte header (magic + version, `binaryFileVersion`) of each,
// nothing more.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { binaryFileVersion } from '@rag/core';
import { GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION } from '@rag/graph-store';
import { SEGMENT_DIR, type Manifest2 } from './format2.js';
import { KEYWORD_MAGIC, KEYWORD_VERSION } from './keyword-segment.js';
import { STATE_MAGIC, STATE_VERSION } from './state-codec.js';

export interface OutdatedSegment {
  component: 'state' | 'graph' | 'keyword';
  file: string;
  version: number;
  /** The version this release writes. */
  current: number;
}

function versionOf(path: string, magic: string): number | undefined {
  const fd = openSync(path, 'r');
  try {
    const head = new Uint8Array(12);
    return readSync(fd, head, 0, 12, 0) < 12 ? undefined : binaryFileVersion(head, magic);
  } finally {
    closeSync(fd);
  }
}

/** The base segments of `m` (in `dir`) older than this release's version of their format. */
export function outdatedSegments(dir: string, m: Manifest2): OutdatedSegment[] {
  const out: OutdatedSegment[] = [];
  const check = (component: OutdatedSegment['component'], file: string | undefined, magic: string, current: number) => {
    if (!file) return;
    const version = versionOf(join(dir, SEGMENT_DIR, file), magic);
    if (version !== undefined && version < current) out.push({ component, file, version, current });
  };
  check('state', m.files.state.file, STATE_MAGIC, STATE_VERSION);
  check('graph', m.files.graph.file, GRAPH_BINARY_MAGIC, GRAPH_BINARY_VERSION);
  check('keyword', m.files.keyword?.file, KEYWORD_MAGIC, KEYWORD_VERSION);
  return out;
}
