import { mkdtempSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const FLAGS=['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
const url = process.argv[2]; const n = Number(process.argv[3] ?? 5);
const launch = () => chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: [...FLAGS, `--user-data-dir=${mkdtempSync('/tmp/lhp-')}`], userDataDir: false });
const fmt = (l) => `${Math.round(l.categories.performance.score*100)}:${Math.round(l.audits['total-blocking-time'].numericValue)}`;
const shared = await launch(); const url2 = process.argv[4];
const a=[], b=[];
for (let i=0;i<n;i++){
  a.push(fmt((await lighthouse(url2,{port:shared.port,output:'json',logLevel:'error',onlyCategories:['performance']})).lhr));
  const c = await launch();
  b.push(fmt((await lighthouse(url,{port:c.port,output:'json',logLevel:'error',onlyCategories:['performance']})).lhr));
  c.kill();
}
shared.kill();
console.log(url2, a.join(' ')); console.log(url, b.join(' '));
