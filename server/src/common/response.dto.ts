/** Response DTOs shared by several modules (see api-response.ts for how routes declare answers). */
import { ApiProperty } from '@nestjs/swagger';
import { EVENT_TYPES, EVIDENCE_KINDS, STAGE_KEYS, type EventType, type EvidenceKind, type Label, type StageKey } from '@app/workflow';
import { ApiSharedProperty } from './api-response';

/** A stage in words: the machine's key, the spec's code (null for stages without one), zh and en. */
export class StageLabelDto {
  @ApiProperty({ enum: STAGE_KEYS })
  key: StageKey;
  @ApiProperty({ type: String, nullable: true })
  code: string | null;
  @ApiProperty()
  zh: string;
  @ApiProperty()
  en: string;
}

/** The document a step stands on (workflow EVENT_EVIDENCE), for the current round of that step. */
export class ActionDocumentDto {
  @ApiProperty({ enum: EVIDENCE_KINDS })
  kind: EvidenceKind;
  @ApiProperty({ description: 'Where to POST it (multipart field `file`), under /server, e.g. /server/loans/{id}/sealed-letter' })
  upload: string;
  @ApiProperty({ description: 'Whether it was uploaded for the current round of the step (a file from before the loan was sent back does not count)' })
  present: boolean;
}

/** An action the caller may take now, as the machine answers. */
export class LegalActionDto {
  @ApiProperty({ enum: EVENT_TYPES })
  type: EventType;
  @ApiProperty({ description: 'The permission code the action needs' })
  permission: string;
  @ApiSharedProperty('Label')
  label: Label;
  @ApiProperty({
    type: () => ActionDocumentDto,
    required: false,
    description: 'Only for a step that stands on an uploaded document (workflow EVENT_EVIDENCE): which, where to upload it, whether it is there',
  })
  document?: ActionDocumentDto;
}

/** A user as forms and lists show them. */
export class PersonDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  username: string;
  @ApiProperty()
  nickname: string;
}

export class IdDto {
  @ApiProperty()
  id: string;
}

export class DeletedDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  deleted: boolean;
}
