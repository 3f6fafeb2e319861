import { describeEveryPage, WIDTHS } from './every-page.walk.js';

// The light theme's colours are judged here, page by page after the dark ones: contrast does not depend
// on the width, and the phone walk (every-page-phone) keeps to the dark theme.
describeEveryPage(WIDTHS[0], ['dark', 'light']);
