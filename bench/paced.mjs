// A paced client: GET requests sent at evenly spaced moments (not in bursts), at a fixed rate
// for a fixed time, over keep-alive connections (at most 64 at once); each request's path from
// a file (one a line, picked at random) with a prefix, each with the next key of a file of keys
// (one a line), round-robin. Prints the rate it kept, the answers by status, and the p50, p99
// and maximum latency in milliseconds (from sending the request to the last byte of the answer).
// Usage: node paced.mjs <base URL> <file of API keys> <path prefix> <file of path ends, or -> <requests per second> <seconds>
import http from 'node:http';
import { readFileSync } from 'node:fs';

const [url, keysFile, prefix, endsFile, rate, seconds] = process.argv.slice(2);
const lines = (file) => readFileSync(file, 'utf8').split('\n').filter((line) => line.length > 0);
const keys = lines(keysFile);
const ends = endsFile === '-' ? [''] : lines(endsFile);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const base = new URL(url);
const latencies = [];
const statuses = {};
let sent = 0;
let done = 0;
let nextKey = 0;

function send() {
  nextKey = (nextKey + 1) % keys.length;
  const path = prefix + ends[Math.floor(Math.random() * ends.length)];
  const started = process.hrtime.bigint();
  sent += 1;
  const request = http.get({ host: base.hostname, port: base.port, path, agent,
    headers: { Authorization: `Bearer ${keys[nextKey]}` } }, (response) => {
    response.on('data', () => {});
    response.on('end', () => {
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
      done += 1;
    });
  });
  request.on('error', () => { statuses.error = (statuses.error ?? 0) + 1; done += 1; });
}

const total = Number(rate) * Number(seconds);
const start = performance.now();
await new Promise((resolve) => {
  const tick = () => {
    const due = Math.min(total, Math.floor((performance.now() - start) * Number(rate) / 1000));
    while (sent < due) send();
    if (sent >= total) resolve(); else setTimeout(tick, 1);
  };
  tick();
});
while (done < sent) await new Promise((resolve) => setTimeout(resolve, 10));
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * p / 100) - 1)].toFixed(1);
const byStatus = Object.entries(statuses).map(([status, count]) => `${count} ${status}`).join(', ');
console.log(`${(sent / Number(seconds)).toFixed(0)} req/s (${byStatus}); p50 ${at(50)} ms, p99 ${at(99)} ms, max ${at(100)} ms`);
