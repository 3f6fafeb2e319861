// Loaded as a classic script in the head, before the stylesheet paints anything: puts the theme on
// <html data-theme> from the choice this device stored (web/src/app/theme.ts writes it) or, without
// one, the system's setting, so a light page never flashes dark first. It keeps following the system
// and other tabs' choices for pages with no app code of their own (the landing page, the offline
// page); the app's own watcher does the same and tells the charts.
(() => {
  const system = matchMedia('(prefers-color-scheme: light)');
  const apply = () => {
    let choice = null;
    try {
      choice = localStorage.getItem('signalroom-theme');
    } catch {
      // Storage blocked: follow the system.
    }
    const light = choice === 'light' || (choice !== 'dark' && system.matches);
    document.documentElement.dataset.theme = light ? 'light' : 'dark';
  };
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', apply);
})();
