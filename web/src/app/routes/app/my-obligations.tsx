import { MyObligations } from '@web/features/fiscal-widgets/components/my-obligations';

/** /app/my-obligations: the client portal's obligations of the selected company. */
export default function MyObligationsRoute() {
  return <MyObligations />;
}
