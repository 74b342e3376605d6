import type { ChainVerification } from '@shared/schemas/verifactu';
import { errorMessage } from '@web/lib/api-error';
import { formatDateTime } from '@web/lib/format';
import { Alert, Button, Flex } from 'antd';
import { useVerifyChain } from '../api/verify-chain';
import { CHAIN_BREAK_LABELS } from '../utils/labels';

const registros = (n: number) => `${n} ${n === 1 ? 'registro' : 'registros'}`;

/** 'Verificar cadena': every huella and link recomputed by the server; a clear success or the breaks. */
export function ChainCheck({ companyId }: { companyId: string }) {
  const verify = useVerifyChain(companyId);
  return (
    <Flex vertical gap={12}>
      <div>
        <Button onClick={() => verify.mutate()} loading={verify.isPending}>
          Verificar cadena
        </Button>
      </div>
      {verify.isError ? <Alert type="error" showIcon title={errorMessage(verify.error)} /> : null}
      {verify.data ? <ChainResult result={verify.data} /> : null}
    </Flex>
  );
}

export function ChainResult({ result }: { result: ChainVerification }) {
  const when = result.verifiedAt ? ` (${formatDateTime(result.verifiedAt)})` : '';
  if (result.breaks.length === 0) {
    return (
      <Alert
        type="success"
        showIcon
        title={`Cadena íntegra: ${registros(result.records)} verificados, sin roturas${when}.`}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title={`La cadena tiene ${result.breaks.length} ${result.breaks.length === 1 ? 'rotura' : 'roturas'} en ${registros(result.records)}${when}.`}
      description={
        <ul aria-label="Roturas de la cadena" style={{ margin: 0, paddingLeft: 20 }}>
          {result.breaks.map((b) => (
            <li key={`${b.seq}-${b.reason}`}>
              Registro nº {b.seq} ({b.recordId}): {CHAIN_BREAK_LABELS[b.reason] ?? b.reason}
            </li>
          ))}
        </ul>
      }
    />
  );
}
