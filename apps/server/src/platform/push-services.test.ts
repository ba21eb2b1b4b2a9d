import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  DEFAULT_PUSH_SERVICE_HOSTS, PUSH_SUBSCRIPTION_LIMITS, isPushServiceEndpoint, loadWebPushConfig, parsePushServiceHosts,
} from './push-services.ts';

describe('push services a subscription may point at', () => {
  const defaults = parsePushServiceHosts(undefined);

  test('the browsers\' push services are accepted by default', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91bE',
      'https://fcm.googleapis.com/wp/dQw4w9WgXcQ',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://push.services.mozilla.com/wpush/v1/abc',
      'https://web.push.apple.com/QGxXkLk8',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAAB',
      'https://db5p.notify.windows.com/w/?token=x',
      'https://FCM.GoogleAPIs.com:443/fcm/send/x',
    ]) assert.ok(isPushServiceEndpoint(endpoint, defaults), endpoint);
  });

  test('anything else is refused: other hosts, look-alikes, http, other ports, credentials', () => {
    for (const endpoint of [
      'https://93.184.216.34/coletor',
      'https://exemplo.com.br/push',
      'https://fcm.googleapis.com.exemplo.com/fcm/send/x',
      'https://evilfcm.googleapis.com/fcm/send/x',
      'https://googleapis.com/fcm/send/x',
      'https://push.apple.com/x', // *.push.apple.com is the names under it
      'https://notify.windows.com/w/',
      'https://xnotify.windows.com/w/',
      'https://fcm.googleapis.com./fcm/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'wss://push.services.mozilla.com/',
      'javascript:alert(1)',
      'fcm.googleapis.com/fcm/send/x',
      '',
    ]) assert.equal(isPushServiceEndpoint(endpoint, defaults), false, endpoint);
  });

  test('PUSH_SERVICE_HOSTS replaces the list; `default` brings the built-in hosts back in', () => {
    const own = parsePushServiceHosts('push.exemplo.com.br');
    assert.ok(isPushServiceEndpoint('https://push.exemplo.com.br/p/1', own));
    assert.equal(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/x', own), false);
    const both = parsePushServiceHosts(' default , push.exemplo.com.br ');
    assert.ok(isPushServiceEndpoint('https://push.exemplo.com.br/p/1', both));
    assert.ok(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/x', both));
    assert.equal(both.length, DEFAULT_PUSH_SERVICE_HOSTS.length + 1);
    assert.deepEqual(parsePushServiceHosts(''), defaults);
    assert.deepEqual(parsePushServiceHosts(' , '), defaults);
  });

  test('an entry with a port accepts that port only, for the scheme the outbound guard allows there', () => {
    const rules = parsePushServiceHosts('127.0.0.1:8080,[::1]:9000,*.push.exemplo.com:8443');
    assert.ok(isPushServiceEndpoint('http://127.0.0.1:8080/push/a', rules));
    assert.ok(isPushServiceEndpoint('https://127.0.0.1:8080/push/a', rules));
    assert.equal(isPushServiceEndpoint('http://127.0.0.1:8081/push/a', rules), false);
    assert.equal(isPushServiceEndpoint('https://127.0.0.1/push/a', rules), false);
    assert.ok(isPushServiceEndpoint('http://[::1]:9000/p', rules));
    assert.ok(isPushServiceEndpoint('https://a.push.exemplo.com:8443/p', rules));
    assert.equal(isPushServiceEndpoint('https://a.push.exemplo.com/p', rules), false);
    assert.ok(isPushServiceEndpoint('http://[::1]:9000/p', parsePushServiceHosts('[0:0::1]:9000')));
  });

  test('entries that do not parse are left out, never widening the list', () => {
    const rules = parsePushServiceHosts('*.com,*,*.127.0.0.1,exemplo.com:0,exemplo.com:70000,ex ample.com,http://x.com,::1');
    assert.deepEqual(rules, []);
    assert.equal(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/x', rules), false);
    assert.equal(isPushServiceEndpoint('https://exemplo.com/p', rules), false);
  });

  test('limits: 5 per address and 10 000 per channel unless set', () => {
    assert.deepEqual(PUSH_SUBSCRIPTION_LIMITS, { perAddress: 5, perChannel: 10_000 });
    const d = loadWebPushConfig({});
    assert.deepEqual([d.maxPerAddress, d.maxPerChannel], [5, 10_000]);
    const set = loadWebPushConfig({ PUSH_MAX_PER_ADDRESS: '2', PUSH_MAX_PER_CHANNEL: '300' });
    assert.deepEqual([set.maxPerAddress, set.maxPerChannel], [2, 300]);
    const bad = loadWebPushConfig({ PUSH_MAX_PER_ADDRESS: '0', PUSH_MAX_PER_CHANNEL: 'muitos' });
    assert.deepEqual([bad.maxPerAddress, bad.maxPerChannel], [5, 10_000]);
  });
});
