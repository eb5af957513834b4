/**
 * Micro-benchmark of the hot path without HTTP: `writeJson` (vendor lookup, special lookup,
 * formats, piece copies) over random registry addresses, in ns per address.
 */
import { loadAnalyzer } from '../src/analysis/load-analyzer.js';
import { parseMac } from '../src/mac/parse.js';
import { RenderTarget } from '../src/render/render-target.js';
import { addressInputs } from './inputs.js';

/** Per-round ns/op of writeJson, and of parse + writeJson; the median is the figure. */
export interface RenderFigures {
  readonly renderNsMedian: number;
  readonly parseRenderNsMedian: number;
  readonly rounds: number;
  readonly addresses: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Runs `rounds` rounds over `count` distinct addresses in both languages. */
export function benchRender(rounds: number, count = 100_000): RenderFigures {
  const analyzer = loadAnalyzer();
  const inputs = addressInputs(count, 7);
  const macs = inputs.map(parseMac).filter((m): m is number => typeof m === 'number');
  const out = new RenderTarget(analyzer.maxBytes);
  const render: number[] = [];
  const parseRender: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds + 1; r++) {
    let t = process.hrtime.bigint();
    for (let i = 0; i < macs.length; i++) sink += analyzer.writeJson(analyzer.lookUp(macs[i]), i & 1 ? 'fr' : 'en', null, out, 0);
    const renderNs = Number(process.hrtime.bigint() - t) / macs.length;
    t = process.hrtime.bigint();
    for (let i = 0; i < inputs.length; i++) {
      const mac = parseMac(inputs[i]);
      if (typeof mac === 'number') sink += analyzer.writeJson(analyzer.lookUp(mac), i & 1 ? 'fr' : 'en', null, out, 0);
    }
    const parseRenderNs = Number(process.hrtime.bigint() - t) / inputs.length;
    if (r > 0) {
      // round 0 warms the JIT up
      render.push(renderNs);
      parseRender.push(parseRenderNs);
    }
  }
  if (sink === 0) throw new Error('nothing rendered');
  return { renderNsMedian: median(render), parseRenderNsMedian: median(parseRender), rounds, addresses: macs.length };
}
