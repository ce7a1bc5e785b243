// A webhook receiver for bench/webhooks.sh, on loopback: every POST is answered 204 after a
// fixed delay (as a receiver that does its work before answering). The path names the
// endpoint (one registered endpoint per path). For each request it appends one line to the
// log file, when its answer was sent or its connection closed:
//   <endpoint> <Service-Delivery-Id> <Service-Event-Id> <arrival> <end> <answered: 1, or 0 when the sender hung up> <sender's port>
// (times in milliseconds since the Unix epoch, fractions kept, tab-separated), and keeps
// the first 1,000 bodies it receives in the bodies file, one a line (the ceiling replays
// them). It counts the requests in flight to each endpoint as they come and go: on SIGTERM
// it prints, for each endpoint, the requests, the highest number in flight at once, and the
// concurrent double deliveries (a request arriving while another with the same delivery id
// is still in flight), one line each, tab-separated:
//   <endpoint> <requests> <highest in flight> <concurrent doubles>
// then exits.
// Usage: node receiver.mjs <port> <delay in ms> <log file> <bodies file>
import http from 'node:http';
import { createWriteStream } from 'node:fs';

const [port, delay, logFile, bodiesFile] = process.argv.slice(2);
const log = createWriteStream(logFile);
const bodies = createWriteStream(bodiesFile);
const endpoints = new Map();
let bodiesKept = 0;
const now = () => performance.timeOrigin + performance.now();

function endpointOf(path) {
  let endpoint = endpoints.get(path);
  if (!endpoint) {
    endpoint = { requests: 0, inFlight: 0, highest: 0, doubles: 0, deliveries: new Map() };
    endpoints.set(path, endpoint);
  }
  return endpoint;
}

const server = http.createServer((request, response) => {
  const arrival = now();
  const path = request.url.split('?')[0];
  const delivery = request.headers['service-delivery-id'] ?? '-';
  const event = request.headers['service-event-id'] ?? '-';
  const sender = request.socket.remotePort;
  const endpoint = endpointOf(path);
  endpoint.requests += 1;
  endpoint.inFlight += 1;
  endpoint.highest = Math.max(endpoint.highest, endpoint.inFlight);
  const sameDelivery = endpoint.deliveries.get(delivery) ?? 0;
  if (sameDelivery > 0 && delivery !== '-') endpoint.doubles += 1;
  endpoint.deliveries.set(delivery, sameDelivery + 1);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    endpoint.inFlight -= 1;
    const left = endpoint.deliveries.get(delivery) - 1;
    if (left === 0) endpoint.deliveries.delete(delivery); else endpoint.deliveries.set(delivery, left);
    log.write(`${path}\t${delivery}\t${event}\t${arrival.toFixed(3)}\t${now().toFixed(3)}\t${response.writableFinished ? 1 : 0}\t${sender}\n`);
  };
  response.on('close', end);
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    if (bodiesKept < 1000) {
      bodiesKept += 1;
      bodies.write(Buffer.concat(chunks).toString('utf8').replace(/\n/g, ' ') + '\n');
    }
    setTimeout(() => { if (!response.destroyed) response.writeHead(204).end(); }, Number(delay));
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(port), '127.0.0.1');

process.on('SIGTERM', () => {
  for (const [path, endpoint] of endpoints) {
    process.stdout.write(`${path}\t${endpoint.requests}\t${endpoint.highest}\t${endpoint.doubles}\n`);
  }
  log.end(() => bodies.end(() => process.exit(0)));
});
