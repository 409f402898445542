// What every cleaner may see of a job's customer. A job nobody has taken yet (an available booking, a
// cover visit another cleaner released) is listed to every cleaner: the customer's name and postcode
// only. The home address, e-mail and phone come with the job once a cleaner has it.

export interface CustomerContact {
  email?: string;
  phone?: string;
  address?: string;
}

/** The customer's contact details a job's list may carry: none until the job is someone's. */
export const contactForCleaners = (taken: boolean, contact: CustomerContact): CustomerContact => (taken ? contact : {});
