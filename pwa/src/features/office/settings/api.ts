// The company settings and the first-run checklist (GET/PUT /api/admin/company).
import type { Company, CompanySetup } from '@shared/company';
import { officeGet, officeSend } from '../api';

export interface CompanyAnswer {
  company: Company;
  version: number;
  setup: CompanySetup;
  message?: string;
}

export const companyKey = ['office', 'company'] as const;
export const fetchCompany = () => officeGet<CompanyAnswer>('/company');
export const saveCompany = (company: Company) => officeSend<CompanyAnswer>('PUT', '/company', company);
