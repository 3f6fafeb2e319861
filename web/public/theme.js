// Loaded as a classic script in the head, before the stylesheet paints anything: puts the theme on
// <html data-theme> from the choice this device stored (web/src/app/theme.ts writes it) or, without
// one, the system's setting, so a light page never flashes dark first. The app keeps it current after.
(() => {
  let choice = null;
  try {
    choice = localStorage.getItem('signalroom-theme');
  } catch {
    // Storage blocked: follow the system.
  }
  const light = choice === 'light' || (choice !== 'dark' && matchMedia('(prefers-color-scheme: light)').matches);
  document.documentElement.dataset.theme = light ? 'light' : 'dark';
})();
