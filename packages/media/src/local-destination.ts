/**
 * Whether a publish address is the node's own nginx-rtmp: `rtmp://{localHost}:{port}/…`, where
 * `localHost` is the address the node's nginx listens on for its own processes (127.0.0.1, or
 * the address BIND_ADDRESS binds, `[::1]` for IPv6). A playout or relay never publishes anywhere
 * else, whatever its plan was built from.
 */
export function isLocalDestination(destination: string, localHost = '127.0.0.1'): boolean {
  return destination.startsWith(`rtmp://${localHost}:`) && /^rtmp:\/\/[^/]+:\d+\//.test(destination);
}
