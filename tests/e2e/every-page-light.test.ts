import { describeEveryPage, WIDTHS } from './every-page.walk.js';

// The light theme's colours at one width: contrast does not depend on the width, and the layouts are
// walked at both widths in the dark theme (every-page-desktop, every-page-phone).
describeEveryPage(WIDTHS[0], 'light');
