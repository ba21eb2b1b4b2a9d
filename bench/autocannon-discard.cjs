'use strict';
/**
 * autocannon's setupClient for large bodies (bench/hls.ts): the bytes are still read off the
 * socket, parsed and counted, but not kept. autocannon otherwise decodes every body as UTF-8
 * into a string and concatenates it, and for 200-KB video fragments that decoding, not the
 * server under test, was the limit (about 430 req/s whatever the server).
 */
module.exports = function discardBodies(client) {
  client.pipelinedRequests.addBody = () => {};
};
