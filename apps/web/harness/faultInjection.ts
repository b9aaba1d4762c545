// A Dexie DBCore middleware that makes the k-th write of a transaction fail, to prove a sale is all-or-nothing.
import type { DBCore, DBCoreMutateRequest, DBCoreTransaction, Middleware } from 'dexie';
import type { FaultPlan, FaultReport, MutationStep } from '../../../e2e/support/harnessApi';

type TransactionInfo = { stores: string[]; mutations: number; steps: MutationStep[] };

/** Raised in place of the write the plan picked; the data layer must roll the whole transaction back. */
export class InjectedFault extends Error {
  constructor(readonly step: MutationStep & { index: number }) {
    super(`Panne injectée à l'écriture ${step.index} (${step.table}.${step.type})`);
    this.name = 'InjectedFault';
  }
}

export type FaultSwitch = {
  middleware: Middleware<DBCore>;
  arm(plan: FaultPlan): void;
  disarm(): void;
  report(): FaultReport;
};

/**
 * The switch and its middleware. It sits above Dexie's own middlewares, so it sees one mutate call per
 * table operation of the app (add, bulkPut, delete…), in the order the transaction makes them.
 */
export function createFaultSwitch(): FaultSwitch {
  let plan: FaultPlan | undefined;
  let fired: FaultReport['firedAt'];
  let lastSteps: MutationStep[] = [];
  const transactions = new WeakMap<DBCoreTransaction, TransactionInfo>();

  const matches = (info: TransactionInfo) => info.stores.includes(plan?.onlyWithTable ?? 'sales');

  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'harness-faults',
    create: (down) => ({
      ...down,
      transaction(stores, mode, options) {
        const trans = down.transaction(stores, mode, options);
        if (mode === 'readwrite') transactions.set(trans, { stores: [...stores], mutations: 0, steps: [] });
        return trans;
      },
      table(name) {
        const table = down.table(name);
        return {
          ...table,
          mutate(request: DBCoreMutateRequest) {
            const info = transactions.get(request.trans);
            if (!info || !plan || !matches(info)) return table.mutate(request);
            info.mutations += 1;
            const step = { table: name, type: request.type };
            info.steps.push(step);
            lastSteps = info.steps;
            if (fired || info.mutations !== plan.failAtMutation) return table.mutate(request);
            fired = { ...step, index: info.mutations };
            if (plan.abortTransaction) request.trans.abort();
            return Promise.reject(new InjectedFault(fired));
          },
        };
      },
    }),
  };

  return {
    middleware,
    arm(next) {
      plan = next;
      fired = undefined;
      lastSteps = [];
    },
    disarm() {
      plan = undefined;
      fired = undefined;
    },
    report: () => ({
      armed: plan !== undefined,
      fired: fired !== undefined,
      ...(fired ? { firedAt: fired } : {}),
      steps: [...lastSteps],
    }),
  };
}
