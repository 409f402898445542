// The office's words about the database the company runs on (docs/configuration.md, "Choosing the database").
export const DATABASE_MSG = {
  noticeTitle: 'Time to move to MongoDB',
  noticeBody:
    'Your records have grown past what the built-in database is measured to serve. It keeps working, but pages will get slower and the server needs more memory. Whoever runs your server can move it to MongoDB: the steps are in the guide.',
  noticeLink: 'How to move to MongoDB',
  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss the notice about moving to MongoDB',
  pageTitle: 'Choosing the database',
  pageIntro: 'From the operations guide shipped with SparkleClean (docs/configuration.md), for whoever runs your server.',
  back: 'Back to the office',
};
