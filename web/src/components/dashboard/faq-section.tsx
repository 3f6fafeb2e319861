import type { FaqEntry } from '@signalroom/shared';
import panelStyles from '../ui/panel.module.css';
import styles from './faq-section.module.css';

/** A page's FAQ panel: each question opens its answer. `id` names the heading for the section's label. */
export function FaqSection({ id, entries }: { id: string; entries: readonly FaqEntry[] }) {
  return (
    <section className={panelStyles.panel} aria-labelledby={id}>
      <h2 id={id}>Frequently asked questions</h2>
      {entries.map((item) => (
        <details key={item.q} className={styles.faq}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </section>
  );
}
