import { Logger } from '@aws-lambda-powertools/logger';

/** One logger per container; Powertools reads POWERTOOLS_SERVICE_NAME and POWERTOOLS_LOG_LEVEL. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'fps-api' });
