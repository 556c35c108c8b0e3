/** `new ConnectorBroker({ baseUrl, apiKey })`: the native API, one property per resource. */
import { Tools, Toolkits, TriggerInstances, TriggerTypes } from './catalog.js';
import { AuthConfigs, ConnectLinks, Connections } from './connections.js';
import { Transport, type TransportOptions } from './http.js';
import { Events, Webhooks } from './webhooks.js';
import { AgentSessions } from './agent-sessions.js';

export type ConnectorBrokerOptions = TransportOptions;

export class ConnectorBroker {
  readonly tools: Tools;
  readonly toolkits: Toolkits;
  readonly triggerTypes: TriggerTypes;
  readonly triggerInstances: TriggerInstances;
  readonly authConfigs: AuthConfigs;
  readonly connections: Connections;
  readonly connectLinks: ConnectLinks;
  readonly webhooks: Webhooks;
  readonly events: Events;
  readonly agentSessions: AgentSessions;

  constructor(options: ConnectorBrokerOptions) {
    const http = new Transport(options);
    this.tools = new Tools(http);
    this.toolkits = new Toolkits(http);
    this.triggerTypes = new TriggerTypes(http);
    this.triggerInstances = new TriggerInstances(http);
    this.authConfigs = new AuthConfigs(http);
    this.connections = new Connections(http);
    this.connectLinks = new ConnectLinks(http);
    this.webhooks = new Webhooks(http);
    this.events = new Events(http);
    this.agentSessions = new AgentSessions(http);
  }
}
