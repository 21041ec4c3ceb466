/** The church's Sunday service as the console sends it; spread it to change a field. */
export const MORNING_WORSHIP = {
  name: 'Morning Worship',
  day: 'Sunday',
  time: '10:30 AM',
  description: 'Songs, prayer and the Bible',
  zoom_link: null,
  is_active: true,
};
