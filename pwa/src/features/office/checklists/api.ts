// The office's checklist calls and their query keys: a cleaning type's template, and one visit's checklist.
import type { ChecklistTemplateDto, ChecklistTemplateInput } from '@shared/schemas/checklists';
import type { ChecklistItem } from '@shared/checklists';
import { officeGet, officeKeys, officeSend } from '../api';

export const checklistKeys = {
  all: [...officeKeys.all, 'checklists'] as const,
  template: (type: string) => [...officeKeys.all, 'checklists', 'template', type] as const,
  visit: (id: string) => [...officeKeys.all, 'checklists', 'visit', id] as const,
};

const typePath = (type: string) => `/checklists/${encodeURIComponent(type)}`;

export const fetchTemplate = async (type: string) => (await officeGet<{ checklist: ChecklistTemplateDto; }>(typePath(type))).checklist;
export const saveTemplate = (type: string, input: ChecklistTemplateInput) =>
  officeSend<{ message: string; checklist: ChecklistTemplateDto; }>('PUT', typePath(type), input);
/** No checklist for this type's visits any more (those already ticked keep theirs). */
export const stopTemplate = (type: string) => officeSend<{ message: string; checklist: ChecklistTemplateDto; }>('DELETE', typePath(type));
export const fetchVisitChecklist = (id: string) => officeGet<{ checklist: ChecklistItem[]; requests: string; }>(`/visits/${encodeURIComponent(id)}/checklist`);
