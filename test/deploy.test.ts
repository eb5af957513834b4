/**
 * deploy/kubernetes validated without a cluster: every manifest against the Kubernetes
 * schemas (kubernetes-models), and against the service itself: its environment is a valid
 * configuration, its probes and ports are the service's, its selectors match.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { loadConfig } from '../src/server/config.js';

const DIR = 'deploy/kubernetes';
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'v1/Service': Service,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
};

interface Manifest {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
}

const kustomization = parseAllDocuments(readFileSync(join(DIR, 'kustomization.yaml'), 'utf8'))[0].toJS() as { resources: string[] };
const manifests: Manifest[] = kustomization.resources.flatMap((file) => parseAllDocuments(readFileSync(join(DIR, file), 'utf8')).map((d) => d.toJS() as Manifest));
const find = (kind: string, name = 'mac-analysis') => manifests.find((m) => m.kind === kind && m.metadata.name === name)!;

describe('deploy/kubernetes', () => {
  it('holds the serving replicas (Deployment, Service, HorizontalPodAutoscaler, PodDisruptionBudget) and one builder (Deployment, Service, PersistentVolumeClaim)', () => {
    expect(manifests.map((m) => `${m.kind} ${m.metadata.name}`).sort()).toEqual([
      'Deployment mac-analysis',
      'Deployment mac-analysis-builder',
      'HorizontalPodAutoscaler mac-analysis',
      'PersistentVolumeClaim mac-analysis-builder',
      'PodDisruptionBudget mac-analysis',
      'Service mac-analysis',
      'Service mac-analysis-builder',
    ]);
  });

  it('is a fleet on one registry: the builder alone asks the IEEE, on a volume that keeps its history; the replicas follow its admin port and never ask the IEEE', () => {
    type Pod = { spec: { replicas: number; strategy: { type: string }; selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: { containers: Array<{ env: Array<{ name: string; value: string }>; ports: Array<{ name: string; containerPort: number }> }>; volumes: Array<{ persistentVolumeClaim?: { claimName: string } }> } } } };
    const envOf = (d: Pod) => Object.fromEntries(d.spec.template.spec.containers[0].env.map((e) => [e.name, e.value]));
    const builder = find('Deployment', 'mac-analysis-builder') as unknown as Pod;
    const replicas = find('Deployment') as unknown as Pod;
    const b = loadConfig(envOf(builder));
    const r = loadConfig(envOf(replicas));
    expect(builder.spec.replicas).toBe(1);
    expect(builder.spec.strategy.type).toBe('Recreate');
    expect(b.registryUpdateIntervalMs).toBeGreaterThan(0);
    expect(b.registrySource).toBeNull();
    expect(builder.spec.template.spec.volumes[0].persistentVolumeClaim?.claimName).toBe(find('PersistentVolumeClaim', 'mac-analysis-builder').metadata.name);
    expect(r.registryUpdateIntervalMs).toBe(0);
    // The source is the builder's Service, on the port where the builder serves /api/registry/snapshot (its ADMIN_PORT).
    const source = new URL(r.registrySource!);
    const service = find('Service', 'mac-analysis-builder') as unknown as { spec: { selector: Record<string, string>; ports: Array<{ port: number; targetPort: string }> } };
    expect(source.hostname).toBe('mac-analysis-builder');
    expect(source.pathname).toBe('/api/registry/snapshot');
    const port = service.spec.ports.find((p) => p.port === Number(source.port))!;
    expect(builder.spec.template.spec.containers[0].ports.find((p) => p.name === port.targetPort)?.containerPort).toBe(b.adminPort);
    expect(builder.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    // The public Service, the autoscaler's and the budget's pods are the replicas, never the builder.
    const publicSelector = (find('Service') as unknown as { spec: { selector: Record<string, string> } }).spec.selector;
    expect(Object.entries(publicSelector).every(([k, v]) => builder.spec.template.metadata.labels[k] === v)).toBe(false);
    expect(replicas.spec.template.metadata.labels).toMatchObject(publicSelector);
  });

  it.each(manifests.map((m) => [`${m.kind} ${m.metadata.name}`, m] as const))('%s validates against the Kubernetes schema', (_name, m) => {
    const Model = MODELS[`${m.apiVersion}/${m.kind}`];
    expect(Model, `${m.apiVersion} ${m.kind}`).toBeDefined();
    expect(() => new Model(m as never).validate()).not.toThrow();
  });

  it('the schema check is real: a broken Deployment is refused', () => {
    const broken = structuredClone(find('Deployment')) as unknown as { spec: { template: { spec: { containers: Array<{ ports: Array<{ containerPort: unknown }> }> } } } };
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'eighty';
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort/);
  });

  it('runs the service as configured: a valid environment, its probes and port, matching selectors', () => {
    const d = find('Deployment') as unknown as {
      spec: { selector: { matchLabels: Record<string, string> }; template: { metadata: { labels: Record<string, string> }; spec: { terminationGracePeriodSeconds: number; containers: Array<{ env: Array<{ name: string; value: string }>; ports: Array<{ name: string; containerPort: number }>; resources: { limits: { cpu: string } }; readinessProbe: { httpGet: { path: string; port: string } }; livenessProbe: { httpGet: { path: string; port: string }; initialDelaySeconds?: number }; startupProbe: { httpGet: { path: string; port: string }; periodSeconds: number; failureThreshold: number }; securityContext: { readOnlyRootFilesystem: boolean } }> } } };
    };
    const c = d.spec.template.spec.containers[0];
    const env = Object.fromEntries(c.env.map((e) => [e.name, e.value]));
    const config = loadConfig(env); // throws on any value the service would refuse
    // Thread defaults in the pod: its CPU limit is the cgroup quota the service reads.
    const limit = c.resources.limits.cpu;
    const quota = limit.endsWith('m') ? Number(limit.slice(0, -1)) / 1000 : Number(limit);
    const inPod = loadConfig(env, { cpus: Math.ceil(quota), affinity: 64, quota, source: '/sys/fs/cgroup/cpu.max' });
    expect(inPod).toMatchObject({ httpThreads: 2, poolThreads: 2 });
    expect(config.port).toBe(c.ports[0].containerPort);
    expect(c.readinessProbe.httpGet.path).toBe('/readyz');
    expect(c.livenessProbe.httpGet.path).toBe('/healthz');
    // Operational endpoints on their own port: probed and scraped there, never exposed.
    const admin = c.ports.find((p) => p.name === 'admin');
    expect(config.adminPort).toBe(admin?.containerPort);
    expect([c.readinessProbe.httpGet.port, c.livenessProbe.httpGet.port, c.startupProbe.httpGet.port]).toEqual(['admin', 'admin', 'admin']);
    // Alive is not ready: /healthz answers once the process listens (test/fleet-faults.test.ts
    // measures it against a source that hangs); liveness waits for the startup probe, and a
    // follower's start waits behind readiness (REGISTRY_SYNC_START_TIMEOUT), never behind liveness.
    expect(c.startupProbe.httpGet.path).toBe('/healthz');
    expect(c.startupProbe.periodSeconds * c.startupProbe.failureThreshold).toBeGreaterThanOrEqual(10);
    expect(c.livenessProbe.initialDelaySeconds ?? 0).toBe(0);
    expect((d.spec.template.metadata as unknown as { annotations: Record<string, string> }).annotations['prometheus.io/port']).toBe(String(config.adminPort));
    expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
    expect(config.registryFile).toMatch(/^\/data\//); // on the writable volume
    // The pod outlives the drain: readiness off for SHUTDOWN_DELAY_MS, then in-flight work.
    expect(d.spec.template.spec.terminationGracePeriodSeconds * 1000).toBeGreaterThan(config.shutdownDelayMs + config.shutdownTimeoutMs);
    expect(d.spec.template.metadata.labels).toMatchObject(d.spec.selector.matchLabels);
    const service = find('Service') as unknown as { spec: { selector: Record<string, string>; ports: Array<{ targetPort: string }> } };
    expect(d.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports.map((p) => p.targetPort)).toEqual([c.ports[0].name]);
  });
});
