import { describeEveryPage, WIDTHS } from './every-page.walk.js';

describeEveryPage(WIDTHS[0]);
