import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The one statement the health check sends to PostgreSQL. */
@Injectable()
export class HealthRepository {
  constructor(private readonly db: DataSource) {}

  /** Resolves when PostgreSQL answers, rejects when it does not. */
  async ping(): Promise<void> {
    await this.db.query('SELECT 1');
  }
}
