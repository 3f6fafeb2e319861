// Fills the offline page with the last signals this device received, as the app stored them in Cache
// Storage (web/src/app/offline-signals.ts: times already formatted by the app's clock). They are old
// news: the page says so above the list.
(async () => {
  const cache = await caches.open('signalroom-last-signals');
  const answer = await cache.match('/offline/last-signals.json');
  if (!answer) return;
  const kept = await answer.json();
  if (!Array.isArray(kept.signals) || kept.signals.length === 0) return;
  const notLive = document.getElementById('not-live');
  notLive.textContent = `Not live — last seen at ${kept.seenAt}`;
  notLive.hidden = false;
  document.getElementById('none').hidden = true;
  const list = document.getElementById('signals');
  for (const signal of kept.signals) {
    const item = document.createElement('li');
    const line = document.createElement('span');
    line.textContent = signal.line;
    const at = document.createElement('span');
    at.className = 'at';
    at.textContent = signal.at;
    item.append(line, at);
    list.append(item);
  }
})();
