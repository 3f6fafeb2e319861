/**
 * Where the queue board (Bull Board, an HTML app for admins) is served. It lives here, below the board's
 * own folder, because the security headers give that path its own content policy.
 */
export const BOARD_PATH = '/admin/queues';
