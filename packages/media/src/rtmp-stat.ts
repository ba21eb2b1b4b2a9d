/**
 * Parses nginx-rtmp's `rtmp_stat all` XML. The document is machine-written, shallow and
 * attribute-free, so a small tag walker is enough (no XML dependency).
 */
export interface StatClient {
  id: string;
  address: string;
  publishing: boolean;
  timeMs: number;
}

export interface StatStream {
  app: string;
  name: string;
  /** Milliseconds since the stream began on this server. */
  timeMs: number;
  bytesIn: number;
  /** nginx-rtmp's own bits per second, refreshed every 10 s (0 during the first 10 s). */
  bwIn: number;
  /** bwIn when nginx has one, else the average since the stream began: never a made-up value. */
  bitrateBps: number;
  publishing: boolean;
  publisher: StatClient | null;
  players: number;
  video: { width: number; height: number; fps: number; codec: string } | null;
  audio: { codec: string; sampleRate: number; channels: number } | null;
}

export interface RtmpStat {
  nginxVersion: string;
  pid: number;
  uptimeS: number;
  bwIn: number;
  streams: StatStream[];
}

interface Node {
  name: string;
  text: string;
  children: Node[];
}

function tree(xml: string): Node {
  const root: Node = { name: '#root', text: '', children: [] };
  const stack: Node[] = [root];
  const re = /<(\/?)([A-Za-z_][\w.-]*)[^>]*?(\/?)>|([^<]+)/g;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const top = stack[stack.length - 1]!;
    if (m[4] !== undefined) {
      top.text += m[4];
      continue;
    }
    const [, closing, name = '', selfClosing] = m;
    if (closing) {
      if (stack.length > 1 && top.name === name) stack.pop();
      continue;
    }
    const node: Node = { name, text: '', children: [] };
    top.children.push(node);
    if (!selfClosing) stack.push(node);
  }
  return root;
}

const child = (n: Node | undefined, name: string): Node | undefined => n?.children.find((c) => c.name === name);
const children = (n: Node | undefined, name: string): Node[] => n?.children.filter((c) => c.name === name) ?? [];
const text = (n: Node | undefined, name: string): string => decode(child(n, name)?.text.trim() ?? '');
const num = (n: Node | undefined, name: string): number => {
  const v = Number(text(n, name));
  return Number.isFinite(v) ? v : 0;
};

function decode(s: string): string {
  return s.replace(/&(lt|gt|amp|quot|apos);/g, (_m, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[e] ?? '');
}

function parseStream(app: string, s: Node): StatStream {
  const clients = children(s, 'client').map((c) => ({
    id: text(c, 'id'),
    address: text(c, 'address'),
    publishing: !!child(c, 'publishing'),
    timeMs: num(c, 'time'),
  }));
  const publisher = clients.find((c) => c.publishing) ?? null;
  const timeMs = num(s, 'time');
  const bytesIn = num(s, 'bytes_in');
  const bwIn = num(s, 'bw_in');
  const meta = child(s, 'meta');
  const v = child(meta, 'video');
  const a = child(meta, 'audio');
  return {
    app,
    name: text(s, 'name'),
    timeMs,
    bytesIn,
    bwIn,
    bitrateBps: bwIn > 0 ? bwIn : timeMs > 0 ? Math.round((bytesIn * 8 * 1000) / timeMs) : 0,
    publishing: !!child(s, 'publishing'),
    publisher,
    players: clients.filter((c) => !c.publishing).length,
    video: v ? { width: num(v, 'width'), height: num(v, 'height'), fps: num(v, 'frame_rate'), codec: text(v, 'codec') } : null,
    audio: a ? { codec: text(a, 'codec'), sampleRate: num(a, 'sample_rate'), channels: num(a, 'channels') } : null,
  };
}

export function parseRtmpStat(xml: string): RtmpStat {
  const rtmp = child(tree(xml), 'rtmp');
  if (!rtmp) throw new Error('resposta do rtmp_stat sem o elemento <rtmp>');
  const streams: StatStream[] = [];
  for (const server of children(rtmp, 'server')) {
    for (const app of children(server, 'application')) {
      const appName = text(app, 'name');
      for (const s of children(child(app, 'live'), 'stream')) streams.push(parseStream(appName, s));
    }
  }
  return { nginxVersion: text(rtmp, 'nginx_version'), pid: num(rtmp, 'pid'), uptimeS: num(rtmp, 'uptime'), bwIn: num(rtmp, 'bw_in'), streams };
}
