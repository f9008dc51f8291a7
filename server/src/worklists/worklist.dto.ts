import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, STAGE_KEYS, WORKLIST_COLUMNS, WORKLIST_NAMES } from '@app/workflow';

/**
 * The answers of the list endpoints (GET /server/worklists, /server/worklists/{name}, /server/loans),
 * described for the OpenAPI document: each is the `data` of the spec's envelope.
 */

export class LabelDto {
  @ApiProperty() zh: string;
  @ApiProperty() en: string;
}

export class WorklistDto {
  @ApiProperty({ enum: WORKLIST_NAMES, description: 'The route name of the list' })
  name: string;

  @ApiProperty({ enum: ['process', 'protectMiddle', 'protectAfter', 'statistics'] })
  group: string;

  @ApiProperty({ description: "The key that opens the list's route group (spec section 2)" })
  groupPermission: string;

  @ApiProperty({ description: "The list's own route key" })
  permission: string;

  @ApiProperty({ type: [String], description: 'Keys that open the list as well as `permission`' })
  alsoAccepted: string[];

  @ApiProperty({ type: [String], description: 'Machine state paths the list shows (ancestors cover their descendants)' })
  states: string[];

  @ApiProperty({ enum: EVENT_TYPES, isArray: true, description: 'The machine actions a row of the list may offer' })
  events: string[];

  @ApiProperty({ enum: WORKLIST_COLUMNS, isArray: true })
  columns: string[];

  @ApiProperty({ type: LabelDto })
  label: LabelDto;
}

export class PersonDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() name: string;
}

export class StageLabelDto extends LabelDto {
  @ApiProperty({ enum: STAGE_KEYS }) key: string;
  @ApiProperty({ type: String, nullable: true, description: 'Process code of spec section 4 (YSH, ZBH…)' }) code: string | null;
}

export class StatusLabelDto extends LabelDto {
  @ApiProperty({ description: 'A status enumeration of spec section 4' }) enumeration: string;
  @ApiProperty({ description: 'The status key, e.g. WAIT_EXAMINE' }) key: string;
}

export class RegionStatusDto {
  @ApiProperty({ enum: ['contract', 'premium', 'counterGuarantee', 'letter'] }) region: string;
  @ApiProperty({ type: LabelDto }) label: LabelDto;
  @ApiProperty({ type: StatusLabelDto }) status: StatusLabelDto;
  @ApiProperty({ type: LabelDto }) step: LabelDto;
  @ApiProperty() done: boolean;
}

export class StatusLabelsDto {
  @ApiProperty({ type: StageLabelDto }) stage: StageLabelDto;
  @ApiProperty({ type: StatusLabelDto }) status: StatusLabelDto;
  @ApiProperty({ type: LabelDto }) step: LabelDto;
  @ApiProperty({ type: StatusLabelDto }) project: StatusLabelDto;
  @ApiProperty({ type: [RegionStatusDto], description: 'The four regions while during guarantee, empty otherwise' }) regions: RegionStatusDto[];
}

export class LegalActionDto {
  @ApiProperty({ enum: EVENT_TYPES }) type: string;
  @ApiProperty({ description: 'The action code the event needs' }) permission: string;
  @ApiProperty({ type: LabelDto }) label: LabelDto;
}

export class RowWorkflowDto {
  @ApiProperty({ format: 'uuid' }) loanId: string;
  @ApiProperty() machineVersion: number;
  @ApiProperty({ description: 'Send as expectedVersion with the next event' }) version: number;
  @ApiProperty({ enum: STAGE_KEYS }) stage: string;
  @ApiProperty({
    oneOf: [{ type: 'string' }, { type: 'object', additionalProperties: true }],
    description: 'The machine\'s state value, e.g. {"preReview":"approved"}',
  })
  state: unknown;
  @ApiProperty({ type: StatusLabelsDto }) statusLabels: StatusLabelsDto;
  @ApiProperty({ type: [LegalActionDto], description: "The caller's legal actions now, narrowed to the list's events" }) legalActions: LegalActionDto[];
}

export class LoanRowDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ format: 'uuid' }) companyId: string;
  @ApiProperty() companyName: string;
  @ApiProperty() creditCode: string;
  @ApiProperty({ description: "The machine's current amount, yuan (two decimals at most)" }) amount: number;
  @ApiProperty() termMonths: number;
  @ApiProperty({ type: String, nullable: true }) bank: string | null;
  @ApiProperty({ type: String, nullable: true }) loanType: string | null;
  @ApiProperty({ type: PersonDto, nullable: true }) aPostOfficer: PersonDto | null;
  @ApiProperty({ type: PersonDto, nullable: true }) bPostOfficer: PersonDto | null;
  @ApiProperty({ format: 'date-time' }) createdAt: string;
  @ApiProperty({ format: 'date-time' }) updatedAt: string;
  @ApiProperty({ description: 'The caller may soft-delete the loan now' }) deletable: boolean;
  @ApiProperty({ type: RowWorkflowDto }) workflow: RowWorkflowDto;
}

export class LoanPageDto {
  @ApiProperty({ type: [LoanRowDto] }) list: LoanRowDto[];
  @ApiProperty({ description: 'Matches, exact up to 10000; see totalCapped' }) total: number;
  @ApiProperty({ description: 'More than 10000 loans match: total is the bound, not the count' }) totalCapped: boolean;
  @ApiProperty() pageNum: number;
  @ApiProperty() pageSize: number;
}
