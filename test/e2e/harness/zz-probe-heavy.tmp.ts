import { launchChromium, startPageServer } from './index';
const pages = await startPageServer();
const ext = await launchChromium({ extensionDir: process.argv[2]! });
try {
  const url = pages.url('links-big.test', '/links?n=50');
  const page = await ext.context.newPage();
  await page.goto(url);
  await page.waitForTimeout(3000);
  console.log('overlay', await page.evaluate(() => !!document.querySelector('linklens-overlay')));
  console.log(ext.errors());
} finally { await ext.close(); await pages.stop(); }
