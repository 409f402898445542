// What the office and the API say while a new release upgrades the company's data in the background.
export const UPGRADE_MSG = {
  progress: (percent: number) => `Upgrading your data: ${percent} %`,
  /** A 503 for an answer that needs the part not done yet. */
  blocked: (percent: number) => `Upgrading your data: ${percent} %. This page will be back when it is done: please try again in a minute.`,
  officeNote: 'The schedule, visits and statements come back as soon as it is done. Everything else works meanwhile.',
};
