import { type Kysely, sql } from 'kysely';

/**
 * Sample content for the Master Vault, so a fresh install has a vault to try: five courses (one per
 * category) of three lessons, three live sessions in the week after installation and two resources.
 * Every row is marked `sample` and the page labels it so; operators replace it with their own.
 */
interface SampleCourse {
  title: string;
  category: string;
  instructor: string;
  description: string;
  level: string;
  rating: number;
  topics: string[];
  featured?: boolean;
  lessons: Array<{ title: string; minutes: number; body: string }>;
}

const lesson = (title: string, minutes: number, points: string[]) => ({
  title,
  minutes,
  body: `## ${title}\n\n${points.map((point) => `- ${point}`).join('\n')}\n\n*Sample lesson: the operator replaces this text with their own material.*`,
});

const COURSES: SampleCourse[] = [
  {
    title: 'Trading Foundations',
    category: 'fundamentals',
    instructor: 'Sample Instructor',
    description: 'How a binary option trade works, from the asset to the expiry.',
    level: 'Beginner',
    rating: 4.8,
    topics: ['Assets', 'Expiry', 'Order types'],
    featured: true,
    lessons: [
      lesson('What a signal tells you', 12, [
        'The asset, the direction (CALL or PUT) and the window.',
        'Confidence is the strategy’s, not a promise.',
      ]),
      lesson('Reading an expiry', 10, [
        'A 5-minute window opens at the signal time.',
        'Enter inside the window or skip the trade.',
      ]),
      lesson('Your first paper trade', 15, [
        'Practise on a demo account first.',
        'Write down the result of every trade.',
      ]),
    ],
  },
  {
    title: 'The Trader’s Mind',
    category: 'psychology',
    instructor: 'Sample Instructor',
    description: 'Discipline, losses and the urge to win it back.',
    level: 'Intermediate',
    rating: 4.7,
    topics: ['Discipline', 'Tilt', 'Routines'],
    lessons: [
      lesson('Losses are part of the plan', 11, [
        'No strategy wins every trade.',
        'Judge a plan over many trades, not one.',
      ]),
      lesson('Avoiding revenge trades', 9, [
        'Stop after a set number of losses in a day.',
        'Never raise the stake to recover.',
      ]),
      lesson('A daily routine', 8, [
        'Decide your stake and your limit before the session.',
        'Review the day when it ends.',
      ]),
    ],
  },
  {
    title: 'Risk Management Essentials',
    category: 'risk-management',
    instructor: 'Sample Instructor',
    description: 'Sizing each trade so that no losing run ends your account.',
    level: 'All Levels',
    rating: 4.9,
    topics: ['Position size', 'Martingale risk', 'Drawdown'],
    lessons: [
      lesson('At most 2% per signal', 10, [
        'Risk a small, fixed share of capital per signal.',
        'Use the risk calculator to see the effect.',
      ]),
      lesson('What martingale really costs', 14, [
        'Each recovery level doubles the stake.',
        'Know the total at risk before the first trade.',
      ]),
      lesson('Surviving a drawdown', 12, [
        'Losing runs happen; size so you can live through them.',
        'Pause and review after a drawdown.',
      ]),
    ],
  },
  {
    title: 'Chart Analysis',
    category: 'analysis',
    instructor: 'Sample Instructor',
    description: 'Trends, levels and volatility on short time frames.',
    level: 'Advanced',
    rating: 4.6,
    topics: ['Trends', 'Support and resistance', 'Volatility'],
    lessons: [
      lesson('Trends on short frames', 13, [
        'Higher highs and higher lows mark an up trend.',
        'Short frames are noisy: confirm on a longer one.',
      ]),
      lesson('Support and resistance', 12, [
        'Prices often pause at earlier turning points.',
        'A broken level can change sides.',
      ]),
      lesson('When volatility is high', 10, [
        'Wide candles mean wider outcomes.',
        'Smaller stakes when the market is wild.',
      ]),
    ],
  },
  {
    title: 'Live Session Replays',
    category: 'live-sessions',
    instructor: 'Sample Instructor',
    description: 'Notes from past live sessions, to read at your own pace.',
    level: 'All Levels',
    rating: 4.5,
    topics: ['Market review', 'Questions and answers'],
    lessons: [
      lesson('Weekly market review', 20, ['What moved and why.', 'What to watch next week.']),
      lesson('Questions from members', 18, ['How to size a first account.', 'When to skip a signal.']),
      lesson('Building a trading journal', 15, [
        'Record every trade, its reason and its result.',
        'Read it back each week.',
      ]),
    ],
  },
];

const SESSIONS = [
  {
    title: 'Weekly Market Outlook',
    host: 'Sample Host',
    days: 2,
    minutes: 60,
    description: 'The week ahead, pair by pair.',
  },
  { title: 'Risk Clinic', host: 'Sample Host', days: 4, minutes: 45, description: 'Bring your sizing questions.' },
  { title: 'Psychology Q&A', host: 'Sample Host', days: 7, minutes: 45, description: 'Discipline after a losing run.' },
];

const RESOURCES = [
  {
    title: 'Risk checklist',
    fileName: 'risk-checklist.txt',
    text: 'Risk checklist (sample resource)\n\n[ ] Stake at most 2% of capital per signal\n[ ] Daily loss limit decided before the session\n[ ] Martingale total at risk known before the first trade\n[ ] Every trade written in the journal\n',
  },
  {
    title: 'Trading journal template',
    fileName: 'trading-journal.csv',
    text: 'date,asset,direction,stake,result,notes\n',
  },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [index, course] of COURSES.entries()) {
    const row = await db
      .insertInto('vault_courses')
      .values({
        position: index + 1,
        title: course.title,
        category: course.category,
        instructor: course.instructor,
        description: course.description,
        level: course.level,
        rating: course.rating,
        topics: JSON.stringify(course.topics),
        featured: course.featured ?? false,
        sample: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('vault_lessons')
      .values(
        course.lessons.map((item, position) => ({
          course_id: row.id,
          position: position + 1,
          title: item.title,
          duration_minutes: item.minutes,
          body: item.body,
        })),
      )
      .execute();
  }
  // Sessions start on the hour (18:00 UTC) some days after installation.
  for (const session of SESSIONS) {
    await db
      .insertInto('vault_sessions')
      .values({
        title: session.title,
        host: session.host,
        description: session.description,
        starts_at: sql`date_trunc('day', now()) + make_interval(days => ${session.days}, hours => 18)`,
        duration_minutes: session.minutes,
        sample: true,
      })
      .execute();
  }
  for (const [index, resource] of RESOURCES.entries()) {
    await db
      .insertInto('vault_resources')
      .values({
        position: index + 1,
        title: resource.title,
        file_name: resource.fileName,
        content_type: resource.fileName.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8',
        content: Buffer.from(resource.text, 'utf8'),
        sample: true,
      })
      .execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('vault_resources').where('sample', '=', true).execute();
  await db.deleteFrom('vault_sessions').where('sample', '=', true).execute();
  await db.deleteFrom('vault_courses').where('sample', '=', true).execute();
}
