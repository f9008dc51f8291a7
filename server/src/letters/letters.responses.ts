import { ApiProperty } from '@nestjs/swagger';

export class ReminderRecipientDto {
  @ApiProperty({ format: 'uuid' })
  id: string;
  @ApiProperty()
  name: string;
}

/** What a disbursement reminder sent (or had already sent that day). */
export class DisbursementReminderDto {
  @ApiProperty({ format: 'uuid', description: "The message on the officer's dashboard" })
  messageId: string;
  @ApiProperty({ description: 'false: the reminder of the day had already been sent; this is it' })
  created: boolean;
  @ApiProperty({ format: 'date', description: 'The company day the reminder counts for (one per loan and day)' })
  day: string;
  @ApiProperty({ type: ReminderRecipientDto, description: "The loan's A-post officer" })
  recipient: ReminderRecipientDto;
  @ApiProperty({ enum: ['zh-CN', 'en'], description: "The recipient's language, in which the message is written" })
  language: 'zh-CN' | 'en';
  @ApiProperty()
  title: string;
  @ApiProperty()
  content: string;
  @ApiProperty({ format: 'date-time' })
  sentAt: string;
}
