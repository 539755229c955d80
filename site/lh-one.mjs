import { mkdtempSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
const FLAGS=['--headless','--no-sandbox','--disable-gpu','--disable-quic','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync','--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'];
const c = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: [...FLAGS, `--user-data-dir=${mkdtempSync('/tmp/lhp-')}`], userDataDir: false });
const l=(await lighthouse(process.argv[2],{port:c.port,output:'json',logLevel:'error',onlyCategories:['performance']})).lhr;
console.log(l.runtimeError, l.finalDisplayedUrl, Object.entries(l.audits).filter(([k,a])=>a.scoreDisplayMode==='error').map(([k,a])=>k+': '+a.errorMessage).slice(0,3));
c.kill();
