// Script of the Node.js trace-events sample (scripts/samples/make-sample-traces.sh,
// docs/sample-traces.md): the main thread and one worker thread each write, read and
// delete a temporary file 30 times with the synchronous fs calls (B/E events per call)
// while allocating enough to trigger minor garbage collections (X events); the main
// thread then reads this file asynchronously (async events, which the importer skips).
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { Worker, isMainThread, parentPort } = require('worker_threads');

function work(tag) {
  const file = path.join(os.tmpdir(), `chitra-node-trace-${process.pid}-${tag}`);
  let junk = [];
  for (let i = 0; i < 30; i++) {
    fs.writeFileSync(file, 'x'.repeat(1000 * (i + 1)));
    fs.readFileSync(file);
    for (let k = 0; k < 2000; k++) junk.push({ k, s: 'v' + k });
    if (junk.length > 20000) junk = [];
  }
  fs.unlinkSync(file);
}

if (isMainThread) {
  const worker = new Worker(__filename);
  work('main');
  worker.on('message', () => setTimeout(() => fs.readFile(__filename, () => {}), 2));
} else {
  work('worker');
  parentPort.postMessage('done');
}
