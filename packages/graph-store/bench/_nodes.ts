import { createGraphStore } from '../src/index.js';
const N = 200_000;
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const c0 = cpu(); const t0 = performance.now();
const store = createGraphStore();
for (let i = 0; i < N; i++) store.addEntity({ name: `n${i}`, provenance: [{ chunkId: `c${i >> 2}`, start: 0, end: 8 }] });
console.log(`nodes: ${(performance.now() - t0).toFixed(0)} ms wall, ${(cpu() - c0).toFixed(0)} ms CPU`);
