import { ApiProperty } from '@nestjs/swagger';
import { DATA_TYPES, STAGE_KEYS } from '@app/workflow';
import type { DataIssue, DataType, EditRefusalCode, Label, LoanDataContent, SectionCompleteness, StageKey, TypeCompleteness } from '@app/workflow';
import type { StateValue } from 'xstate';
import { ApiSharedProperty } from '../common/api-response';

export class LoanSummaryDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  companyId: string;
  @ApiProperty()
  companyName: string;
  @ApiProperty()
  creditCode: string;
  @ApiProperty({ description: 'The current amount (the machine context)' })
  amount: number;
  @ApiProperty()
  termMonths: number;
  @ApiProperty({ type: String, nullable: true })
  bank: string | null;
  @ApiProperty({ type: String, nullable: true })
  loanType: string | null;
  @ApiProperty()
  aPostOfficerId: string;
  @ApiProperty({ type: String, nullable: true })
  aPostOfficerName: string | null;
  @ApiProperty({ type: String, nullable: true })
  bPostOfficerId: string | null;
  @ApiProperty({ type: String, nullable: true })
  bPostOfficerName: string | null;
  @ApiProperty({ enum: STAGE_KEYS })
  stage: StageKey;
  @ApiSharedProperty('StateValue')
  state: StateValue;
  @ApiSharedProperty('Label', { description: 'The step in words' })
  status: Label;
  @ApiProperty()
  workflowVersion: number;
}

export class DraftDto {
  @ApiSharedProperty('LoanDataContent')
  content: LoanDataContent;
  @ApiProperty()
  baseVersion: number;
  @ApiProperty()
  savedAt: string;
}

export class SavedByDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, nullable: true })
  name: string | null;
}

export class EditableDto {
  @ApiProperty({ type: [String], description: 'Sections the caller may edit now' })
  sections: string[];
  @ApiProperty({ enum: ['PERMISSION', 'OFFICER', 'STATE'], nullable: true })
  refusal: EditRefusalCode | null;
  @ApiSharedProperty('Label', { nullable: true })
  reason: Label | null;
}

export class LoanDataViewDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty({ enum: DATA_TYPES })
  type: DataType;
  @ApiProperty({ type: LoanSummaryDto })
  loan: LoanSummaryDto;
  @ApiSharedProperty('LoanDataContent')
  content: LoanDataContent;
  @ApiProperty({ description: '0 while nothing was saved' })
  version: number;
  @ApiProperty({ type: String, nullable: true })
  updatedAt: string | null;
  @ApiProperty({ type: SavedByDto, nullable: true })
  updatedBy: SavedByDto | null;
  @ApiSharedProperty('TypeCompleteness')
  completeness: TypeCompleteness;
  @ApiProperty({ type: DraftDto, nullable: true, description: "The caller's own autosaved draft" })
  draft: DraftDto | null;
  @ApiSharedProperty('LoanDataContent', { nullable: true, description: 'CLIENT only, before the first save: what the company record already knows' })
  prefill: LoanDataContent | null;
  @ApiProperty({ type: EditableDto })
  editable: EditableDto;
}

export class TypeCompletenessDto {
  @ApiProperty({ enum: DATA_TYPES })
  type: DataType;
  @ApiProperty()
  complete: boolean;
  @ApiSharedProperty('SectionCompleteness', { isArray: true })
  sections: SectionCompleteness[];
  @ApiProperty()
  version: number;
  @ApiSharedProperty('Label')
  label: Label;
}

export class CompletenessDto {
  @ApiProperty()
  loanId: string;
  @ApiProperty({ type: [TypeCompletenessDto] })
  types: TypeCompletenessDto[];
  @ApiProperty({ enum: DATA_TYPES, isArray: true })
  completeDataTypes: DataType[];
  @ApiProperty({ enum: DATA_TYPES, isArray: true })
  requiredForSubmission: DataType[];
  @ApiProperty()
  submittable: boolean;
}

export class DraftSavedDto {
  @ApiProperty()
  savedAt: string;
  @ApiProperty()
  baseVersion: number;
}

export class DraftDiscardedDto {
  @ApiProperty()
  discarded: boolean;
}

export class DataVersionDto {
  @ApiProperty()
  version: number;
  @ApiProperty()
  savedAt: string;
  @ApiProperty()
  savedBy: string;
  @ApiProperty({ type: String, nullable: true })
  savedByName: string | null;
}

/** What a refused save carries in `data` (400 A06002, 409 A06004). */
export class SaveFailureDto {
  @ApiSharedProperty('DataIssue', { isArray: true, required: false })
  issues?: DataIssue[];
  @ApiProperty({ required: false })
  version?: number;
}
