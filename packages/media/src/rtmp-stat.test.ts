import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseRtmpStat } from './rtmp-stat.ts';

// as nginx-rtmp 1.1.4 writes it (captured from a real publish)
const LIVE = `<?xml version="1.0" encoding="utf-8" ?>
<rtmp>
<nginx_version>1.22.1</nginx_version>
<nginx_rtmp_version>1.1.4</nginx_rtmp_version>
<built>Feb 13 2023 11:56:56</built>
<pid>9754</pid>
<uptime>11</uptime>
<naccepted>1</naccepted>
<bw_in>955160</bw_in>
<bytes_in>711627</bytes_in>
<bw_out>0</bw_out>
<bytes_out>409</bytes_out>
<server>
<application>
<name>live</name>
<live>
<stream>
<name>demo_live</name>
<time>6245</time><bw_in>0</bw_in>
<bytes_in>707523</bytes_in>
<bw_out>0</bw_out>
<bytes_out>0</bytes_out>
<bw_audio>0</bw_audio>
<bw_video>0</bw_video>
<client><id>61</id><address>127.0.0.1</address><time>6436</time><flashver>FMLE/3.0 (compatible; Lavf59.27</flashver><dropped>0</dropped><avsync>-23</avsync><timestamp>6223</timestamp><publishing/><active/></client>
<client><id>62</id><address>127.0.0.1</address><time>1200</time><flashver>LNX 9,0,124,2</flashver><dropped>0</dropped><avsync>0</avsync><timestamp>6223</timestamp><active/></client>
<meta><video><width>640</width><height>360</height><frame_rate>25</frame_rate><codec>H264</codec><profile>High</profile><compat>0</compat><level>3.0</level></video><audio><codec>AAC</codec><profile>LC</profile><channels>1</channels><sample_rate>44100</sample_rate></audio></meta>
<nclients>2</nclients>
<publishing/>
<active/>
</stream>
<stream>
<name>outro_live</name>
<time>20000</time><bw_in>2500000</bw_in>
<bytes_in>6250000</bytes_in>
<client><id>70</id><address>10.0.0.9</address><time>20000</time><flashver>FMLE/3.0</flashver><publishing/><active/></client>
<nclients>1</nclients>
<publishing/>
<active/>
</stream>
<nclients>3</nclients>
</live>
</application>
</server>
</rtmp>`;

test('reads every stream with its publisher, players and metadata', () => {
  const s = parseRtmpStat(LIVE);
  assert.equal(s.nginxVersion, '1.22.1');
  assert.equal(s.pid, 9754);
  assert.equal(s.uptimeS, 11);
  assert.equal(s.streams.length, 2);
  const [demo, outro] = s.streams;
  assert.equal(demo!.app, 'live');
  assert.equal(demo!.name, 'demo_live');
  assert.equal(demo!.publishing, true);
  assert.deepEqual(demo!.publisher, { id: '61', address: '127.0.0.1', publishing: true, timeMs: 6436 });
  assert.equal(demo!.players, 1);
  assert.deepEqual(demo!.video, { width: 640, height: 360, fps: 25, codec: 'H264' });
  assert.deepEqual(demo!.audio, { codec: 'AAC', sampleRate: 44100, channels: 1 });
  assert.equal(outro!.publisher?.id, '70');
  assert.equal(outro!.video, null);
});

test('bitrate: nginx bw_in when known, else measured bytes over time', () => {
  const [demo, outro] = parseRtmpStat(LIVE).streams;
  // 707523 bytes in 6.245 s
  assert.equal(demo!.bitrateBps, Math.round((707523 * 8 * 1000) / 6245));
  assert.equal(outro!.bitrateBps, 2500000);
});

test('an idle server has no streams', () => {
  const s = parseRtmpStat('<?xml version="1.0"?><rtmp><nginx_version>1.22.1</nginx_version><pid>1</pid><uptime>3</uptime><server><application><name>live</name><live><nclients>0</nclients></live></application></server></rtmp>');
  assert.deepEqual(s.streams, []);
});

test('a stream whose publisher left is not publishing', () => {
  const s = parseRtmpStat('<rtmp><server><application><name>live</name><live><stream><name>x_live</name><time>5</time><bytes_in>0</bytes_in><client><id>3</id><address>1.2.3.4</address><time>5</time></client></stream></live></application></server></rtmp>');
  assert.equal(s.streams[0]!.publishing, false);
  assert.equal(s.streams[0]!.publisher, null);
  assert.equal(s.streams[0]!.bitrateBps, 0);
});

test('not a stat document', () => {
  assert.throws(() => parseRtmpStat('<html><body>502</body></html>'));
});
