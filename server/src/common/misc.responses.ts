/** Response DTOs of the small controllers declared in the app module (agreements, messages, history, health). */
import { ApiProperty } from '@nestjs/swagger';

export class AgreementDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ enum: ['service', 'privacy'] })
  type: 'service' | 'privacy';
  @ApiProperty({ enum: ['zh-CN', 'en'] })
  language: 'zh-CN' | 'en';
  @ApiProperty()
  version: number;
  @ApiProperty()
  title: string;
  @ApiProperty()
  content: string;
  @ApiProperty()
  current: boolean;
  @ApiProperty()
  createdAt: string;
}

export class MessageDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  title: string;
  @ApiProperty()
  content: string;
  @ApiProperty()
  type: string;
  @ApiProperty({ type: String, nullable: true, description: 'A page of the web to open' })
  link: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty()
  read: boolean;
}

export class UnreadCountDto {
  @ApiProperty()
  count: number;
}

export class MessageReadDto {
  @ApiProperty()
  id: string;
  @ApiProperty()
  read: boolean;
}

export class HistoryEntryDto {
  @ApiProperty()
  id: string;
  @ApiProperty({ type: String, nullable: true })
  actorId: string | null;
  @ApiProperty({ type: String, nullable: true })
  actor: string | null;
  @ApiProperty()
  method: string;
  @ApiProperty()
  action: string;
  @ApiProperty()
  target: string;
  @ApiProperty({ description: 'HTTP status' })
  status: number;
  @ApiProperty({ type: String, nullable: true })
  code: string | null;
  @ApiProperty({ type: String, nullable: true })
  ip: string | null;
  @ApiProperty()
  createdAt: string;
  @ApiProperty({ enum: ['SUCCESS', 'FAILURE'] })
  outcome: 'SUCCESS' | 'FAILURE';
  @ApiProperty({ description: "What the request did, in the request's language (登录 / Sign in)" })
  actionLabel: string;
  @ApiProperty({ type: String, nullable: true, description: "What it acted on: the loan's company, the company, the user; for a sign-in, who signed in" })
  object: string | null;
}

export class HealthDto {
  @ApiProperty({ enum: ['up', 'down'] })
  postgres: 'up' | 'down';
  @ApiProperty({ enum: ['up', 'down'] })
  redis: 'up' | 'down';
  @ApiProperty({
    description: 'An opaque id of the process that answered, fixed for the life of that process (the API may run as several behind one port)',
    example: '5f0c8e2a-3b1d-4c6e-9a7f-2d4b6c8e0a13',
  })
  instance: string;
}
