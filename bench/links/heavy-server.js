// Loopback server for the heavy-tailed link benchmark (see heavy.sh). Reads
// the plan written by heavy.py (url, host, latency_ms, behaviour per line)
// and listens on every host in it, all on one port:
//   ok    200 text/html after the link's latency (HEAD and GET alike)
//   429   the link's first request gets 429 with Retry-After: 1 at once,
//         later ones 200 after the latency
//   hang  the connection is accepted and nothing is ever sent
// Paths not in the plan get 404. Every request is logged, tab-separated, as
// start_ms end_ms host method path status (ms since the server started; a
// hung request is logged on arrival with end_ms -1 and status 0). The log is
// written when the server gets SIGTERM. Uses only Node's standard library.
//
//   node heavy-server.js PORT PLAN LOG
'use strict';
const fs = require('fs');
const http = require('http');

const [port, planPath, logPath] = [Number(process.argv[2]), process.argv[3], process.argv[4]];
const body = '<!doctype html><html><head><title>Benchmark page</title></head>' +
             '<body><h1 id="top">Welcome</h1><p>An ordinary page.</p></body></html>';
const started = process.hrtime.bigint();
const now = () => Number(process.hrtime.bigint() - started) / 1e6;

const links = new Map();  // "host path" -> {latency, behaviour, seen}
for (const line of fs.readFileSync(planPath, 'utf8').split('\n').slice(1)) {
  if (!line) continue;
  const [url, host, latency, behaviour] = line.split('\t');
  links.set(`${host} ${new URL(url).pathname}`, {latency: Number(latency), behaviour, seen: false});
}
const hosts = [...new Set([...links.keys()].map((key) => key.split(' ')[0]))];

const log = [];
function record(start, end, host, req, status) {
  log.push([start.toFixed(1), end.toFixed(1), host, req.method, req.url, status].join('\t'));
}

function answer(req, res, host, start, status, headers) {
  const payload = req.method === 'HEAD' ? undefined : body;
  res.writeHead(status, {'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(body),
                         ...headers});
  res.end(payload, () => record(start, now(), host, req, status));
}

function handle(host, req, res) {
  const start = now();
  const link = links.get(`${host} ${req.url}`);
  if (!link) return answer(req, res, host, start, 404, {});
  if (link.behaviour === 'hang') return record(start, -1, host, req, 0);
  if (link.behaviour === '429' && !link.seen) {
    link.seen = true;
    return answer(req, res, host, start, 429, {'Retry-After': '1'});
  }
  setTimeout(() => answer(req, res, host, start, 200, {}), link.latency);
}

let listening = 0;
for (const host of hosts) {
  const server = http.createServer((req, res) => handle(host, req, res));
  server.keepAliveTimeout = 30000;
  server.maxRequestsPerSocket = 0;
  server.requestTimeout = 0;  // a hung host keeps the request open for good
  server.listen(port, host, () => {
    if (++listening === hosts.length) {
      console.log(`ready: ${hosts.length} hosts, ${links.size} links on port ${port}`);
    }
  });
}
process.on('SIGTERM', () => {
  fs.writeFileSync(logPath, log.length ? log.join('\n') + '\n' : '');
  console.log(`served ${log.length} requests`);
  process.exit(0);
});
