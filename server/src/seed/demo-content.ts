import type { EventType, LinkType } from '@gather/contracts';

/** The words of the demo church; seed.ts turns them into rows, dates and pictures. */

const SUNDAY = 0;
const FRIDAY = 5;
const SATURDAY = 6;

const CHURCH_ADDRESS = 'Hornsey Vale Community Centre, London N8';
/** A reserved example domain: demo pages must not point visitors at someone's real inbox. */
export const CONTACT_EMAIL = 'hello@gatherchurch.example';

export interface DemoSermon {
  title: string;
  speaker: string;
  /** 0 is the most recent Sunday. */
  weeksAgo: number;
  description: string;
  youtubeId?: string;
}

export const DEMO_SERMONS: DemoSermon[] = [
  {
    title: 'Rooted and Established',
    speaker: 'Pastor Daniel Adeyemi',
    weeksAgo: 0,
    description:
      'Colossians 2:6-7. What it looks like to put down deep roots in Christ when life in the city keeps us moving.',
    youtubeId: 'q3Vx8LmT2aK',
  },
  {
    title: 'When God Feels Silent',
    speaker: 'Pastor Ruth Adeyemi',
    weeksAgo: 1,
    description: 'Psalm 13. Honest prayer for the seasons when heaven seems quiet, and the hope that holds us there.',
    youtubeId: 'Hb7pR4nW1sE',
  },
  {
    title: 'The Table Is Open',
    speaker: 'Elder Marcus Bennett',
    weeksAgo: 2,
    description: "Luke 14:15-24. Jesus' great banquet and the surprising guest list of the kingdom.",
  },
  {
    title: 'Grace for the Weary',
    speaker: 'Pastor Daniel Adeyemi',
    weeksAgo: 3,
    description: 'Matthew 11:28-30. An invitation to rest for everyone carrying more than they can manage.',
    youtubeId: 'Zt2kM9yQ6cD',
  },
  {
    title: 'Neighbours on Purpose',
    speaker: 'Sarah Okonkwo',
    weeksAgo: 4,
    description: 'Luke 10:25-37. The Good Samaritan and what loving our neighbours in north London asks of us.',
    youtubeId: 'Lw5nB8xJ3fG',
  },
  {
    title: 'Faith That Works',
    speaker: 'Elder Marcus Bennett',
    weeksAgo: 5,
    description: 'James 2:14-26. Why real faith always shows up in the way we live on Monday morning.',
  },
  {
    title: 'Joy in the Waiting',
    speaker: 'Pastor Ruth Adeyemi',
    weeksAgo: 6,
    description: 'Isaiah 40:27-31. Strength for those who wait on the Lord, and what to do while we wait.',
    youtubeId: 'Pc4vT7rH9uN',
  },
  {
    title: 'Built Together',
    speaker: 'Pastor Daniel Adeyemi',
    weeksAgo: 7,
    description: 'Ephesians 2:19-22. The vision behind our building fund: a home for a growing church family.',
  },
];

export interface DemoEvent {
  title: string;
  description: string;
  /** 0 is Sunday. */
  weekday: number;
  /** 1 is the first such weekday after today; 0 or less lies in the past. */
  weeksAhead: number;
  /** Church-local "HH:MM". */
  startsAt: string;
  endsAt: { daysLater: number; at: string };
  location: string;
  venueAddress: string | null;
  eventType: EventType;
  status?: 'completed';
  isFeatured?: boolean;
  isSpecial?: boolean;
  eventLink?: string;
  linkType: LinkType;
  organizer: string;
  capacity?: number;
  price?: string;
}

export function demoEvents(churchName: string): DemoEvent[] {
  const hall = `${churchName} Main Hall`;
  return [
    {
      title: 'Harvest Thanksgiving Lunch',
      description:
        'A shared lunch after the Sunday service to give thanks for the harvest. Everyone brought a dish, and the ' +
        'food bank collection filled two vans.',
      weekday: SUNDAY,
      weeksAhead: -1,
      startsAt: '12:30',
      endsAt: { daysLater: 0, at: '15:00' },
      location: hall,
      venueAddress: CHURCH_ADDRESS,
      eventType: 'community',
      status: 'completed',
      linkType: 'learn_more',
      organizer: 'Hospitality Team',
    },
    {
      title: 'Community Food Drive',
      description:
        'Help us collect, sort and pack food parcels for families across Haringey. Drop off tins and dried food, ' +
        'or give a couple of hours sorting with the team.',
      weekday: SATURDAY,
      weeksAhead: 1,
      startsAt: '10:00',
      endsAt: { daysLater: 0, at: '14:00' },
      location: hall,
      venueAddress: CHURCH_ADDRESS,
      eventType: 'outreach',
      eventLink: '/connect',
      linkType: 'sign_up',
      organizer: 'Outreach Team',
    },
    {
      title: 'Youth Games Night',
      description:
        'Table tennis, board games, pizza and a short talk for young people aged 11 to 18. Bring a friend; parents ' +
        'are welcome to stay for a cuppa.',
      weekday: FRIDAY,
      weeksAhead: 2,
      startsAt: '19:00',
      endsAt: { daysLater: 0, at: '21:30' },
      location: 'Youth Room',
      venueAddress: CHURCH_ADDRESS,
      eventType: 'youth',
      linkType: 'rsvp',
      eventLink: '/contact',
      organizer: 'Youth Team',
      capacity: 60,
      price: '3.00',
    },
    {
      title: 'Worship Night: Songs of Hope',
      description:
        'An evening of sung worship, prayer and testimony with the worship team and friends from churches across ' +
        'north London. Come in person or watch live online.',
      weekday: SUNDAY,
      weeksAhead: 3,
      startsAt: '18:30',
      endsAt: { daysLater: 0, at: '20:30' },
      location: hall,
      venueAddress: CHURCH_ADDRESS,
      eventType: 'worship',
      isFeatured: true,
      isSpecial: true,
      eventLink: 'https://www.youtube.com/watch?v=Rk8sW2mQ4vX',
      linkType: 'watch_live',
      organizer: 'Worship Team',
    },
    {
      title: 'Building Fund Gala Dinner',
      description:
        'A three-course dinner with live music and stories from the building project. Every ticket and pledge ' +
        'brings a permanent home for the church closer.',
      weekday: SATURDAY,
      weeksAhead: 4,
      startsAt: '18:30',
      endsAt: { daysLater: 0, at: '22:00' },
      location: 'The Alexandra Rooms',
      venueAddress: 'Alexandra Palace Way, London N22',
      eventType: 'fundraising',
      isSpecial: true,
      eventLink: '/building-fund',
      linkType: 'buy_tickets',
      organizer: 'Building Fund Committee',
      capacity: 120,
      price: '35.00',
    },
    {
      title: 'Leadership Training Day',
      description:
        'A practical day for small group hosts, team leaders and anyone exploring leadership: listening well, ' +
        'leading prayer and caring for people. Lunch included.',
      weekday: SATURDAY,
      weeksAhead: 6,
      startsAt: '09:30',
      endsAt: { daysLater: 0, at: '16:00' },
      location: hall,
      venueAddress: CHURCH_ADDRESS,
      eventType: 'training',
      eventLink: '/connect',
      linkType: 'register',
      organizer: 'Pastor Ruth Adeyemi',
      capacity: 40,
      price: '10.00',
    },
    {
      title: 'Church Weekend Away',
      description:
        'Three days in the countryside for the whole church family: teaching, worship, walks, a ceilidh and plenty ' +
        'of time to rest. Children and youth programmes run alongside.',
      weekday: FRIDAY,
      weeksAhead: 8,
      startsAt: '18:00',
      endsAt: { daysLater: 2, at: '14:00' },
      location: 'Ashdown Retreat Centre',
      venueAddress: 'Forest Row, East Sussex',
      eventType: 'conference',
      isFeatured: true,
      isSpecial: true,
      eventLink: '/contact',
      linkType: 'register',
      organizer: 'Church Office',
      capacity: 80,
      price: '85.00',
    },
  ];
}

/** Exactly the weekly services the site's cards show. */
export const DEMO_SERVICES = [
  {
    name: 'Grow in the Word',
    day: 'Monday',
    time: '7:00 PM',
    description:
      'Bible study: an unhurried evening working through a book of the Bible together, with tea and room for questions.',
  },
  {
    name: 'Prayer Meeting',
    day: 'Wednesday',
    time: '7:00 PM',
    description: 'We pray for one another, our neighbourhood and the world. Come for the whole hour or drop in.',
  },
  {
    name: 'Youth Meeting',
    day: 'Friday',
    time: '7:00 PM',
    description: 'Games, food, worship and honest conversation about faith for young people aged 11 to 18.',
  },
  {
    name: 'Main Service',
    day: 'Sunday',
    time: '10:00 AM',
    description:
      'Our main gathering: worship, teaching and prayer, with groups for children. Also streamed live at 10:00 AM GMT.',
  },
];

export interface DemoAlbum {
  title: string;
  description: string;
  daysAgo: number;
  isFeatured: boolean;
  uploaderName: string;
  photos: string[];
}

export const DEMO_ALBUMS: DemoAlbum[] = [
  {
    title: 'Easter Sunday Celebration',
    description: 'Sunrise prayers, a packed hall and an egg hunt that took over the whole garden.',
    daysAgo: 60,
    isFeatured: false,
    uploaderName: 'Media Team',
    photos: [
      'Sunrise prayers',
      'Welcome team',
      'Worship together',
      "Children's egg hunt",
      'Easter lunch',
      'Family photo',
    ],
  },
  {
    title: 'Community Fun Day',
    description: 'Bouncy castle, barbecue and face painting for the whole neighbourhood.',
    daysAgo: 30,
    isFeatured: true,
    uploaderName: 'Grace Thompson',
    photos: ['Setting up', 'Face painting', 'The barbecue crew', 'Tug of war', 'Clearing up together'],
  },
  {
    title: 'Baptism Sunday',
    description: 'Five people shared their stories and were baptised. What a morning.',
    daysAgo: 10,
    isFeatured: false,
    uploaderName: 'Media Team',
    photos: ['Testimonies', 'In the water', 'Celebration', 'Prayer for the newly baptised'],
  },
];

export const DEMO_QNA_SESSION = {
  title: 'Sunday Q&A: Ask the Pastors',
  description:
    'Send in your questions about faith, the Bible or church life. Pastors Daniel and Ruth will answer as many as ' +
    'they can after the service.',
  type: 'live',
};

export const DEMO_PHOTO_COLLECTION = {
  name: 'Church Weekend Away Memories',
  description: 'Share your photos and short videos from the weekend away so we can all enjoy them.',
  allowVideos: true,
  maxFileSizeMb: 50,
};
