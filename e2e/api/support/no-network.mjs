// Preloaded (node --import) into a tool that must work offline: any connection or name lookup
// other than loopback is refused and reported on stderr as "network attempt: <host>".
import dns from "node:dns";
import net from "node:net";

const loopback = (host) => !host || host === "localhost" || host.startsWith("127.") || host === "::1";
const refuse = (host) => {
  process.stderr.write(`network attempt: ${host}\n`);
  return new Error(`network access to ${host} refused: this tool must work offline`);
};

const connect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function (...args) {
  const options = typeof args[0] === "object" && args[0] !== null ? args[0] : { port: args[0], host: args[1] };
  if (!options.path && !loopback(options.host)) throw refuse(options.host);
  return connect.apply(this, args);
};

const lookup = dns.lookup;
dns.lookup = function (host, ...rest) {
  if (!loopback(host)) throw refuse(host);
  return lookup.call(this, host, ...rest);
};
const lookupPromise = dns.promises.lookup;
dns.promises.lookup = function (host, ...rest) {
  if (!loopback(host)) return Promise.reject(refuse(host));
  return lookupPromise.call(this, host, ...rest);
};
