/** The CDK app (`cdk.json`: `npx tsx infra/cdk/app.ts`). */

import { createCuadraApp } from './cuadra-app';

createCuadraApp().app.synth();
