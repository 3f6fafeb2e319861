import { clsx } from 'clsx';
import { Link } from 'react-router-dom';
import buttonStyles from '../ui/button.module.css';
import { Brand } from './brand.js';
import publicStyles from './public-page.module.css';
import styles from './public-page-header.module.css';

/** The header of a public document page (the track record, the strategy's rules): the brand and Sign Up. */
export function PublicPageHeader() {
  return (
    <header className={styles.top}>
      <div className={clsx(publicStyles.container, styles.topInner)}>
        <Brand />
        <Link className={clsx(buttonStyles.btn, buttonStyles.btnPrimary)} to="/signup">
          Sign Up
        </Link>
      </div>
    </header>
  );
}
