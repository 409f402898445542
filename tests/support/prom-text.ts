// A strict parser of Prometheus' text exposition format (0.0.4): every line must be a comment
// (# HELP / # TYPE), blank, or a sample `name{label="value",...} number`. Anything else throws.
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = '[A-Z_:][\\w:]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})?\\s+(\\S+)(?:\\s+-?\\d+)?$`, 'i');
const LABEL = /^\s*([A-Z_]\w*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/i;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheus(text: string): { samples: Sample[]; types: Map<string, string>; } {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = new RegExp(`^# (HELP|TYPE) (${NAME})(?: (.*))?$`, 'i').exec(line);
      if (!m) throw new Error(`bad comment line: ${line}`);
      if (m[1] === 'TYPE') {
        if (!TYPES.has(m[3] ?? '')) throw new Error(`bad type: ${line}`);
        if (types.has(m[2])) throw new Error(`TYPE twice: ${line}`);
        types.set(m[2], m[3] ?? '');
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    let rest = m[2] ?? '';
    while (rest.trim()) {
      const l = LABEL.exec(rest);
      if (!l) throw new Error(`bad labels: ${line}`);
      labels[l[1]] = l[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
      rest = rest.slice(l[0].length);
    }
    const value = m[3] === '+Inf' ? Infinity : m[3] === '-Inf' ? -Infinity : Number(m[3]);
    if (Number.isNaN(value) && m[3] !== 'NaN') throw new Error(`bad value: ${line}`);
    samples.push({ name: m[1], labels, value });
  }
  return { samples, types };
}

export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.filter((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s.reduce((n, x) => n + x.value, 0);
}
