import type { TAuditEntry } from '@signalroom/shared';
import { clsx } from 'clsx';
import { Link } from 'react-router-dom';
import pageStyles from '../../components/dashboard/dashboard-page.module.css';
import textStyles from '../../components/ui/text.module.css';
import styles from './admin-audit.module.css';
import { auditActionLabel, changedFields, formatAuditTime } from './audit-format.js';

/** What a row was about: a member links to their page, anything else reads as its label. */
function Target({ entry }: { entry: TAuditEntry }) {
  const label = entry.targetLabel ?? entry.targetId ?? '–';
  if (entry.targetType === 'member' && entry.targetId) {
    return <Link to={`/dashboard/admin/users/${entry.targetId}`}>{label}</Link>;
  }
  return (
    <span>
      <span className={pageStyles.muted}>{entry.targetType} · </span>
      {label}
    </span>
  );
}

function Change({ entry }: { entry: TAuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className={pageStyles.muted}>–</span>;
  return (
    <ul className={styles.changes}>
      {changes.map((c) => (
        <li key={c.field}>
          <span className={styles.field}>{c.field}</span> <span className={styles.before}>{c.before ?? 'none'}</span> →{' '}
          <span>{c.after ?? 'none'}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * Audit rows as a table (cards on narrow screens, each cell keeping its column name): when, who and
 * from where, what, on what, the fields it changed and the reason given.
 */
export function AuditTable({ items, caption }: { items: readonly TAuditEntry[]; caption: string }) {
  return (
    <div className={clsx(pageStyles.tableWrap, styles.auditWrap)}>
      <table className={clsx(pageStyles.table, styles.auditTable)}>
        <caption className={textStyles.srOnly}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Admin</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Change</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr key={entry.id} data-testid="audit-row" data-action={entry.action}>
              <td data-label="When">
                <time dateTime={entry.at}>{formatAuditTime(entry.at)}</time>
              </td>
              <td data-label="Admin" className={styles.wrap}>
                {entry.actorEmail}
                {entry.ip && <span className={clsx(pageStyles.muted, pageStyles.small, styles.block)}>{entry.ip}</span>}
              </td>
              <td data-label="Action">{auditActionLabel(entry.action)}</td>
              <td data-label="Target" className={styles.wrap}>
                <Target entry={entry} />
              </td>
              <td data-label="Change">
                <Change entry={entry} />
              </td>
              <td data-label="Reason" className={styles.wrap}>
                {entry.reason ?? <span className={pageStyles.muted}>–</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
