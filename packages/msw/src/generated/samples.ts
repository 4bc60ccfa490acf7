// generated — do not edit. Written by codegen/src/emit/msw.ts from spec/openapi.yaml and spec/xsd/*.xsd; run `npm run generate`.
/* eslint-disable */
import type { EntryShapeName, OperationId } from '@atomsync/atom';

/** spec/examples/extdata-client.create-response.xml: 201 answer to the create: id and content src are the entry URL, title the external user id; tokens show type, never key or secret. */
const extdataClientCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
  <link rel="edit" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
  <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
  <published>2009-05-28T09:14:07Z</published>
  <updated>2009-05-28T09:14:07Z</updated>
  <title>katja.lindqvist@example.net</title>
  <content src="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/" type="html"/>
  <s:client>
    <s:uuid>55111364-7ab1-4a1e-a298-ce7691dcd9d7</s:uuid>
    <s:user_id>katja.lindqvist@example.net</s:user_id>
    <s:datastore dataclass="Contacts" href="https://www.google.com/m8/feeds/contacts/default/full" name="Contacts">
      <s:token>
        <s:type>2</s:type>
        <s:scope>https://www.google.com/m8/feeds/</s:scope>
      </s:token>
    </s:datastore>
    <s:datastore dataclass="Calendar" href="https://www.google.com/calendar/feeds/default/private/full" name="Family calendar">
      <s:token>
        <s:type>2</s:type>
        <s:scope>https://www.google.com/calendar/feeds/</s:scope>
      </s:token>
    </s:datastore>
  </s:client>
</entry>
`;

/** spec/examples/extdata-client.list.xml: GET /v2/services/extdata/: the account's two external data clients, tokens without key and secret. */
const extdataClientList = `<?xml version="1.0" encoding="UTF-8"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/extdata/</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/extdata/"/>
  <atom:title>External data clients</atom:title>
  <atom:updated>2009-05-29T15:40:51Z</atom:updated>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
    <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
    <atom:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/"/>
    <atom:published>2009-05-28T09:14:07Z</atom:published>
    <atom:updated>2009-05-28T09:14:07Z</atom:updated>
    <atom:title>katja.lindqvist@example.net</atom:title>
    <atom:content src="http://127.0.0.1:8080/v2/services/extdata/55111364-7ab1-4a1e-a298-ce7691dcd9d7/" type="html"/>
    <client>
      <uuid>55111364-7ab1-4a1e-a298-ce7691dcd9d7</uuid>
      <user_id>katja.lindqvist@example.net</user_id>
      <datastore dataclass="Contacts" href="https://www.google.com/m8/feeds/contacts/default/full" name="Contacts">
        <token>
          <type>2</type>
          <scope>https://www.google.com/m8/feeds/</scope>
        </token>
      </datastore>
      <datastore dataclass="Calendar" href="https://www.google.com/calendar/feeds/default/private/full" name="Family calendar">
        <token>
          <type>2</type>
          <scope>https://www.google.com/calendar/feeds/</scope>
        </token>
      </datastore>
    </client>
  </atom:entry>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
    <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
    <atom:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
    <atom:published>2009-05-29T15:40:51Z</atom:published>
    <atom:updated>2009-05-29T15:40:51Z</atom:updated>
    <atom:title>k.lindqvist.work@example.org</atom:title>
    <atom:content src="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/" type="html"/>
    <client>
      <uuid>4d8695dc-94bc-4f19-9a94-b1e6116d4482</uuid>
      <user_id>k.lindqvist.work@example.org</user_id>
      <datastore dataclass="Contacts" href="https://www.google.com/m8/feeds/contacts/k.lindqvist.work%40example.org/full" name="Contacts">
        <token>
          <type>2</type>
          <scope>https://www.google.com/m8/feeds/</scope>
          <scope>https://www.google.com/calendar/feeds/</scope>
        </token>
      </datastore>
    </client>
  </atom:entry>
</atom:feed>
`;

/** spec/examples/datastore-client.create-response.xml: 201 answer to the create: id is the entry URL, title the generated uuid, content empty with type text. */
const datastoreClientCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/datastore/9db3b07b-97b0-4def-8de9-5cd73b51bcd9/</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/9db3b07b-97b0-4def-8de9-5cd73b51bcd9/"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/9db3b07b-97b0-4def-8de9-5cd73b51bcd9/"/>
  <atom:published>2009-05-29T14:20:36Z</atom:published>
  <atom:updated>2009-05-29T14:20:36Z</atom:updated>
  <atom:title>9db3b07b-97b0-4def-8de9-5cd73b51bcd9</atom:title>
  <atom:content type="text"/>
  <client>
    <uuid>9db3b07b-97b0-4def-8de9-5cd73b51bcd9</uuid>
    <user_id>crm-user-40218</user_id>
  </client>
</atom:entry>
`;

/** spec/examples/datastore-client.list.xml: GET /v2/services/datastore/: two datastore clients; id urn:uuid, title the user_id, content "Content lines: <count>". */
const datastoreClientList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/datastore/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/"/>
  <title>Datastore clients</title>
  <updated>2009-05-30T18:03:12Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/"/>
    <published>2009-05-28T09:02:41Z</published>
    <updated>2009-05-28T09:45:19Z</updated>
    <title>crm-user-40217</title>
    <content type="text">Content lines: 4</content>
    <s:client>
      <s:uuid>d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</s:uuid>
      <s:user_id>crm-user-40217</s:user_id>
    </s:client>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:9db3b07b-97b0-4def-8de9-5cd73b51bcd9</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/9db3b07b-97b0-4def-8de9-5cd73b51bcd9/"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/9db3b07b-97b0-4def-8de9-5cd73b51bcd9/"/>
    <published>2009-05-29T14:20:36Z</published>
    <updated>2009-05-30T18:03:12Z</updated>
    <title>crm-user-40218</title>
    <content type="text">Content lines: 3</content>
    <s:client>
      <s:uuid>9db3b07b-97b0-4def-8de9-5cd73b51bcd9</s:uuid>
      <s:user_id>crm-user-40218</s:user_id>
    </s:client>
  </entry>
</feed>
`;

/** spec/examples/syncml-client.create-response.xml: 201 answer to the create: title the model name, imei empty, setup never sent (sent=""), no datastores yet. */
const syncmlClientCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4"/>
  <atom:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4"/>
  <atom:published>2009-06-03T16:45:12Z</atom:published>
  <atom:updated>2009-06-03T16:45:12Z</atom:updated>
  <atom:title>Sony Ericsson W995</atom:title>
  <atom:content src="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4" type="text/html"/>
  <client>
    <uuid>ce1a4be5-f8b8-414f-898f-9578a71d16a4</uuid>
    <user_id>klindqvist</user_id>
    <phone_number>+46702345678</phone_number>
    <model_uuid>cd96676f-6d3a-4cdb-b430-98b2fead20e4</model_uuid>
    <imei></imei>
    <timezone>Europe/Stockholm</timezone>
    <setup sent=""></setup>
  </client>
</atom:entry>
`;

/** spec/examples/syncml-client.list.xml: GET /v2/services/syncml/: a phone never set up, and one set up ("YYYY-MM-DD HH:MM:SS") with the two datastores of its first sync. */
const syncmlClientList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/syncml/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/"/>
  <title>SyncML clients</title>
  <updated>2009-06-03T16:45:12Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4"/>
    <published>2009-06-03T16:45:12Z</published>
    <updated>2009-06-03T16:45:12Z</updated>
    <title>Sony Ericsson W995</title>
    <content src="http://127.0.0.1:8080/v2/services/syncml/ce1a4be5-f8b8-414f-898f-9578a71d16a4" type="text/html"/>
    <s:client>
      <s:uuid>ce1a4be5-f8b8-414f-898f-9578a71d16a4</s:uuid>
      <s:user_id>klindqvist</s:user_id>
      <s:phone_number>+46702345678</s:phone_number>
      <s:model_uuid>cd96676f-6d3a-4cdb-b430-98b2fead20e4</s:model_uuid>
      <s:imei></s:imei>
      <s:timezone>Europe/Stockholm</s:timezone>
      <s:setup sent=""></s:setup>
    </s:client>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370"/>
    <published>2009-06-01T12:28:44Z</published>
    <updated>2009-06-01T12:41:09Z</updated>
    <title>Nokia E71</title>
    <content src="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370" type="text/html"/>
    <s:client>
      <s:uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</s:uuid>
      <s:user_id>klindqvist</s:user_id>
      <s:phone_number>+46701234567</s:phone_number>
      <s:model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</s:model_uuid>
      <s:imei>356938035643809</s:imei>
      <s:timezone>Europe/Stockholm</s:timezone>
      <s:setup sent="2009-06-01 12:30:00">atomsync</s:setup>
      <s:datastore dataclass="Contacts" href="http://127.0.0.1:8080/v2/services/syncml/datastores/08ae41a0-330a-4898-acc6-2967bdd5d4ea">./contacts</s:datastore>
      <s:datastore dataclass="Calendar" href="http://127.0.0.1:8080/v2/services/syncml/datastores/bf55fcea-435a-44cb-8cf4-68d33f43baf2">./calendar</s:datastore>
    </s:client>
  </entry>
</feed>
`;

/** spec/examples/activesync-client.create-response.xml: 201 answer to the create: title the uuid, link rel=edit, no password, last_sync empty. */
const activesyncClientCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
  <atom:published>2009-06-04T09:12:55Z</atom:published>
  <atom:updated>2009-06-04T09:12:55Z</atom:updated>
  <atom:title>01705a9e-a98e-40d3-a8b3-7c79922be713</atom:title>
  <client>
    <uuid>01705a9e-a98e-40d3-a8b3-7c79922be713</uuid>
    <user_id>klindqvist</user_id>
    <username>katja.lindqvist</username>
    <phone_number>+46701234567</phone_number>
    <model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</model_uuid>
    <last_sync/>
  </client>
</atom:entry>
`;

/** spec/examples/activesync-client.list.xml: GET /v2/services/activesync/: a client that never synchronized and one with last_sync set. */
const activesyncClientList = `<?xml version="1.0" encoding="UTF-8"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>klindqvist</a:name>
    <a:email>katja.lindqvist@example.com</a:email>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/services/activesync/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/services/activesync/"/>
  <a:title>ActiveSync clients</a:title>
  <a:updated>2009-06-04T09:12:55Z</a:updated>
  <a:entry>
    <a:author>
      <a:name>klindqvist</a:name>
      <a:email>katja.lindqvist@example.com</a:email>
    </a:author>
    <a:id>http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
    <a:published>2009-06-04T09:12:55Z</a:published>
    <a:updated>2009-06-04T09:12:55Z</a:updated>
    <a:title>01705a9e-a98e-40d3-a8b3-7c79922be713</a:title>
    <sync:client>
      <sync:uuid>01705a9e-a98e-40d3-a8b3-7c79922be713</sync:uuid>
      <sync:user_id>klindqvist</sync:user_id>
      <sync:username>katja.lindqvist</sync:username>
      <sync:phone_number>+46701234567</sync:phone_number>
      <sync:model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</sync:model_uuid>
      <sync:last_sync/>
    </sync:client>
  </a:entry>
  <a:entry>
    <a:author>
      <a:name>klindqvist</a:name>
      <a:email>katja.lindqvist@example.com</a:email>
    </a:author>
    <a:id>http://127.0.0.1:8080/v2/services/activesync/e8b506aa-1a3e-432d-bc9b-afa1673b5729</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/services/activesync/e8b506aa-1a3e-432d-bc9b-afa1673b5729"/>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/services/activesync/e8b506aa-1a3e-432d-bc9b-afa1673b5729"/>
    <a:published>2009-05-30T19:47:20Z</a:published>
    <a:updated>2009-06-02T06:55:31Z</a:updated>
    <a:title>e8b506aa-1a3e-432d-bc9b-afa1673b5729</a:title>
    <sync:client>
      <sync:uuid>e8b506aa-1a3e-432d-bc9b-afa1673b5729</sync:uuid>
      <sync:user_id>klindqvist</sync:user_id>
      <sync:username>k.lindqvist</sync:username>
      <sync:phone_number>+46702345678</sync:phone_number>
      <sync:model_uuid>cd96676f-6d3a-4cdb-b430-98b2fead20e4</sync:model_uuid>
      <sync:last_sync>2009-06-02T06:55:31Z</sync:last_sync>
      <sync:device id="ApplF4GXK2ZPN72J" type="iPhone" protocol_version="14.1" first_contact="2009-05-30T19:52:04Z" last_contact="2009-06-02T06:55:00Z">
        <sync:user_agent>Apple-iPhone/705.18</sync:user_agent>
        <sync:model>iPhone2,1</sync:model>
        <sync:os>iPhone OS 3.0</sync:os>
      </sync:device>
    </sync:client>
  </a:entry>
</a:feed>
`;

/** spec/examples/activesync-wipe.request.xml: POST /v2/services/activesync/<client_uuid>/wipe body: the scope, device (RemoteWipe) or account (AccountOnlyRemoteWipe, 16.1). */
const activesyncWipeRequest = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <s:wipe scope="device"/>
</entry>
`;

/** spec/examples/content.create-response.xml: 201 answer to the content create: the stored item with urn:uuid id, links, timestamps and the inferred dataclass. */
const contentCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>urn:uuid:f26e75a2-07f7-4791-a672-6dac883683cd</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/f26e75a2-07f7-4791-a672-6dac883683cd"/>
  <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/f26e75a2-07f7-4791-a672-6dac883683cd"/>
  <published>2009-06-02T08:10:27Z</published>
  <updated>2009-06-02T08:10:27Z</updated>
  <title>Lars Erik Nilsson</title>
  <content type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Nilsson;Lars;Erik;;
FN:Lars Erik Nilsson
NICKNAME:Lasse
TEL;TYPE=CELL:+46739876543
TEL;TYPE=HOME:+4686601234
EMAIL;TYPE=INTERNET,HOME:lars.nilsson@example.se
BDAY:1974-03-17
NOTE:Brother-in-law. Allergic to nuts &lt;important&gt;
UID:f26e75a2-07f7-4791-a672-6dac883683cd
REV:2009-06-02T08:10:27Z
END:VCARD</content>
  <s:dataclass>Contacts</s:dataclass>
</entry>
`;

/** spec/examples/content.list.xml: GET /v2/services/datastore/<client_uuid>/contents/: a contact, an event (VEVENT), a task (VTODO) and a text/plain note. */
const contentList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/"/>
  <title>Contents of crm-user-40217</title>
  <updated>2009-05-28T09:45:19Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:05291067-9561-4004-a8ca-b2575c9385b1</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/05291067-9561-4004-a8ca-b2575c9385b1"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/05291067-9561-4004-a8ca-b2575c9385b1"/>
    <published>2009-05-28T09:31:12Z</published>
    <updated>2009-05-28T09:31:12Z</updated>
    <title>Maria Jensen</title>
    <content type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Jensen;Maria;;;
FN:Maria Jensen
ORG:Jensen &amp; Sønner ApS
TITLE:Indkøbschef
TEL;TYPE=CELL:+4520123456
TEL;TYPE=WORK,VOICE:+4533123400
EMAIL;TYPE=INTERNET,WORK:maria.jensen@example.dk
ADR;TYPE=WORK:;;Vesterbrogade 12;København V;;1620;Denmark
UID:05291067-9561-4004-a8ca-b2575c9385b1
REV:2009-05-28T09:31:12Z
END:VCARD</content>
    <s:dataclass>Contacts</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:883081d7-9c56-4c04-88a9-35a93cb11a7e</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/883081d7-9c56-4c04-88a9-35a93cb11a7e"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/883081d7-9c56-4c04-88a9-35a93cb11a7e"/>
    <published>2009-05-28T09:38:04Z</published>
    <updated>2009-05-28T09:38:04Z</updated>
    <title>Project kick-off</title>
    <content type="text/calendar">BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//atomsync//atomsync 1.0//EN
BEGIN:VEVENT
UID:883081d7-9c56-4c04-88a9-35a93cb11a7e
DTSTAMP:20090528T093804Z
DTSTART:20090608T070000Z
DTEND:20090608T083000Z
SUMMARY:Project kick-off
LOCATION:Room 3.14\\, Drottninggatan 55\\, Stockholm
DESCRIPTION:Agenda: scope\\, milestones &amp; budget.
END:VEVENT
END:VCALENDAR</content>
    <s:dataclass>Events</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:629ebbf9-92a5-42e3-923a-ca061c77ee28</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/629ebbf9-92a5-42e3-923a-ca061c77ee28"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/629ebbf9-92a5-42e3-923a-ca061c77ee28"/>
    <published>2009-05-28T09:41:22Z</published>
    <updated>2009-05-28T09:41:22Z</updated>
    <title>Renew passport</title>
    <content type="text/calendar">BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//atomsync//atomsync 1.0//EN
BEGIN:VTODO
UID:629ebbf9-92a5-42e3-923a-ca061c77ee28
DTSTAMP:20090528T094122Z
DUE;VALUE=DATE:20090615
SUMMARY:Renew passport
PRIORITY:1
STATUS:NEEDS-ACTION
END:VTODO
END:VCALENDAR</content>
    <s:dataclass>Tasks</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:2d4742f8-a84a-4525-a5ea-196ad5e82949</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/2d4742f8-a84a-4525-a5ea-196ad5e82949"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/2d4742f8-a84a-4525-a5ea-196ad5e82949"/>
    <published>2009-05-28T09:45:19Z</published>
    <updated>2009-05-28T09:45:19Z</updated>
    <title>Cottage notes</title>
    <content type="text/plain">Cottage (Gräddö):
- Wi-Fi network "Stuga", key on the fridge
- gate code 4711 &amp; the shed key is under the &lt;blue&gt; pot
- water pump: switch on before using the tap</content>
    <s:dataclass>Notes</s:dataclass>
  </entry>
</feed>
`;

/** spec/examples/content-batch.result.xml: Answer to a batch post: an insert (201 Created, with the stored data), a delete (200 Deleted) and a delete of an unknown item (404 Not Found). */
const contentBatchResult = `<?xml version="1.0" encoding="UTF-8"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync" xmlns:batch="http://schemas.google.com/gdata/batch">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/batch</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/batch"/>
  <atom:title>Batch results</atom:title>
  <atom:updated>2009-06-06T10:12:05Z</atom:updated>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
    </atom:author>
    <atom:id>urn:uuid:8395027a-d70b-4b31-b7c3-13f5393de337</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/8395027a-d70b-4b31-b7c3-13f5393de337"/>
    <atom:published>2009-06-06T10:12:05Z</atom:published>
    <atom:updated>2009-06-06T10:12:05Z</atom:updated>
    <atom:title>Sofia Berg</atom:title>
    <content dataclass="Contacts" type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Berg;Sofia;;;
FN:Sofia Berg
TEL;TYPE=CELL:+358401234567
EMAIL;TYPE=INTERNET:sofia.berg@example.fi
UID:8395027a-d70b-4b31-b7c3-13f5393de337
REV:2009-06-06T10:12:05Z
END:VCARD</content>
    <batch:operation type="insert"/>
    <batch:id>c-1</batch:id>
    <batch:status code="201" reason="Created"/>
  </atom:entry>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
    </atom:author>
    <atom:id>urn:uuid:9ccdc047-0302-43dc-8b29-61b68a0eb123</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/9ccdc047-0302-43dc-8b29-61b68a0eb123"/>
    <atom:published>2009-06-05T07:15:02Z</atom:published>
    <atom:updated>2009-06-06T10:12:05Z</atom:updated>
    <atom:title>Erik Holm</atom:title>
    <batch:operation type="delete"/>
    <batch:id>c-2</batch:id>
    <batch:status code="200" reason="Deleted"/>
  </atom:entry>
  <atom:entry>
    <atom:id>urn:uuid:e7e0d561-c4f6-4035-b187-e5b7692bbd5c</atom:id>
    <batch:operation type="delete"/>
    <batch:id>c-3</batch:id>
    <batch:status code="404" reason="Not Found"/>
  </atom:entry>
</atom:feed>
`;

/** spec/examples/content-import.result.xml: Answer to POST /v2/services/datastore/<client_uuid>/contents/import: of three items, one added, one twin skipped and one refused, and a card the file ends inside refused too. */
const contentImportResult = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/import</atom:id>
  <atom:updated>2009-06-06T10:12:05Z</atom:updated>
  <atom:title>Import into Contacts</atom:title>
  <import>
    <items>3</items>
    <added>1</added>
    <twins>1</twins>
    <refused_count>2</refused_count>
    <refused line="14" title="Sofia Berg">a Contacts item is a vCard (text/vcard or text/x-vcard), not text/calendar</refused>
    <refused line="21">the file ends inside this VCARD</refused>
  </import>
</atom:entry>
`;

/** spec/examples/syncml-setup.response.xml: 201 answer to the setup: id .../setup/<setup_id>/, the pincode, and the setup with its ISO 8601 sent time. */
const syncmlSetupResponse = `<?xml version="1.0" encoding="UTF-8"?>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>klindqvist</a:name>
    <a:email>katja.lindqvist@example.com</a:email>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/setup/12/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/setup/12/"/>
  <a:published>2009-06-01T12:30:00Z</a:published>
  <a:updated>2009-06-01T12:30:00Z</a:updated>
  <a:title>atomsync</a:title>
  <sync:pincode>9315</sync:pincode>
  <sync:setup sent="2009-06-01T12:30:00Z">atomsync</sync:setup>
</a:entry>
`;

/** spec/examples/binding.entry.xml: A binding as answered by the create and by GET /v2/syncengine/<binding_id>/: id .../v2/syncengine/7, title 7, link rel=edit. */
const bindingEntry = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/syncengine/7</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/7"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/syncengine/7"/>
  <atom:published>2009-05-28T09:20:00Z</atom:published>
  <atom:updated>2009-05-28T09:20:00Z</atom:updated>
  <atom:title>7</atom:title>
  <source>
    <sync_source>datastore</sync_source>
    <uuid>d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</uuid>
  </source>
  <target>
    <sync_source>extdata</sync_source>
    <uuid>55111364-7ab1-4a1e-a298-ce7691dcd9d7</uuid>
  </target>
  <conflict_winner>source</conflict_winner>
  <binding_id>7</binding_id>
</atom:entry>
`;

/** spec/examples/binding.list.xml: GET /v2/syncengine/: a datastore-extdata binding and a syncml-datastore binding. */
const bindingList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/syncengine/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/syncengine/"/>
  <title>Sync bindings</title>
  <updated>2009-06-01T12:29:30Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>http://127.0.0.1:8080/v2/syncengine/7</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/syncengine/7"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/syncengine/7"/>
    <published>2009-05-28T09:20:00Z</published>
    <updated>2009-05-28T09:20:00Z</updated>
    <title>7</title>
    <s:source>
      <s:sync_source>datastore</s:sync_source>
      <s:uuid>d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</s:uuid>
    </s:source>
    <s:target>
      <s:sync_source>extdata</s:sync_source>
      <s:uuid>55111364-7ab1-4a1e-a298-ce7691dcd9d7</s:uuid>
    </s:target>
    <s:conflict_winner>source</s:conflict_winner>
    <s:binding_id>7</s:binding_id>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>http://127.0.0.1:8080/v2/syncengine/8</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/syncengine/8"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/syncengine/8"/>
    <published>2009-06-01T12:29:30Z</published>
    <updated>2009-06-01T12:29:30Z</updated>
    <title>8</title>
    <s:source>
      <s:sync_source>syncml</s:sync_source>
      <s:uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</s:uuid>
    </s:source>
    <s:target>
      <s:sync_source>datastore</s:sync_source>
      <s:uuid>d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</s:uuid>
    </s:target>
    <s:conflict_winner>target</s:conflict_winner>
    <s:binding_id>8</s:binding_id>
  </entry>
</feed>
`;

/** spec/examples/synchronization.request.xml: POST /v2/syncengine/<binding_id>/synchronization/ body: a two-way (200) run of Contacts. */
const synchronizationRequest = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <s:sync_mode>200</s:sync_mode>
  <s:dataclass>Contacts</s:dataclass>
</entry>
`;

/** spec/examples/sync-log.entry.xml: The log entry of a two-way Contacts run (answer to the synchronization POST, and GET /v2/syncengine/synclog/<log_id>). */
const syncLogEntry = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/syncengine/synclog/1532</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/syncengine/synclog/1532"/>
  <published>2009-06-02T07:00:12Z</published>
  <updated>2009-06-02T07:00:14Z</updated>
  <title>datastore - extdata</title>
  <content src="http://127.0.0.1:8080/v2/syncengine/synclog/1532" type="application/atom+xml"/>
  <s:sync_stats>
    <s:source>
      <s:sync_source type="datastore">d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</s:sync_source>
      <s:statistics>
        <s:adds_in>1</s:adds_in>
        <s:replaces_in>2</s:replaces_in>
        <s:deletes_in>1</s:deletes_in>
        <s:adds_out>2</s:adds_out>
        <s:replaces_out>1</s:replaces_out>
        <s:deletes_out>0</s:deletes_out>
      </s:statistics>
    </s:source>
    <s:target>
      <s:sync_source type="extdata">55111364-7ab1-4a1e-a298-ce7691dcd9d7</s:sync_source>
      <s:statistics>
        <s:adds_in>2</s:adds_in>
        <s:replaces_in>1</s:replaces_in>
        <s:deletes_in>0</s:deletes_in>
        <s:adds_out>1</s:adds_out>
        <s:replaces_out>2</s:replaces_out>
        <s:deletes_out>1</s:deletes_out>
      </s:statistics>
    </s:target>
    <s:duplicates_detected>0</s:duplicates_detected>
    <s:duplicates_removed>0</s:duplicates_removed>
    <s:conflicts_detected>0</s:conflicts_detected>
  </s:sync_stats>
  <s:sync_mode>200</s:sync_mode>
  <s:dataclass>Contacts</s:dataclass>
  <s:binding_id>7</s:binding_id>
  <s:result>completed</s:result>
</entry>
`;

/** spec/examples/sync-log.list.xml: GET /v2/syncengine/<binding_id>/synchronization/: a two-way run and the first run, logged as a slow sync with duplicates. */
const syncLogList = `<?xml version="1.0" encoding="UTF-8"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/syncengine/7/synchronization/</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/7/synchronization/"/>
  <atom:title>Synchronizations of binding 7</atom:title>
  <atom:updated>2009-06-02T07:00:14Z</atom:updated>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/syncengine/synclog/1532</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/synclog/1532"/>
    <atom:published>2009-06-02T07:00:12Z</atom:published>
    <atom:updated>2009-06-02T07:00:14Z</atom:updated>
    <atom:title>datastore - extdata</atom:title>
    <atom:content src="http://127.0.0.1:8080/v2/syncengine/synclog/1532" type="application/atom+xml"/>
    <sync_stats>
      <source>
        <sync_source type="datastore">d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</sync_source>
        <statistics>
          <adds_in>1</adds_in>
          <replaces_in>2</replaces_in>
          <deletes_in>1</deletes_in>
          <adds_out>2</adds_out>
          <replaces_out>1</replaces_out>
          <deletes_out>0</deletes_out>
        </statistics>
      </source>
      <target>
        <sync_source type="extdata">55111364-7ab1-4a1e-a298-ce7691dcd9d7</sync_source>
        <statistics>
          <adds_in>2</adds_in>
          <replaces_in>1</replaces_in>
          <deletes_in>0</deletes_in>
          <adds_out>1</adds_out>
          <replaces_out>2</replaces_out>
          <deletes_out>1</deletes_out>
        </statistics>
      </target>
      <duplicates_detected>0</duplicates_detected>
      <duplicates_removed>0</duplicates_removed>
      <conflicts_detected>0</conflicts_detected>
    </sync_stats>
    <sync_mode>200</sync_mode>
    <dataclass>Contacts</dataclass>
    <binding_id>7</binding_id>
    <result>completed</result>
  </atom:entry>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/syncengine/synclog/1531</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/synclog/1531"/>
    <atom:published>2009-05-28T09:21:03Z</atom:published>
    <atom:updated>2009-05-28T09:21:09Z</atom:updated>
    <atom:title>datastore - extdata</atom:title>
    <atom:content src="http://127.0.0.1:8080/v2/syncengine/synclog/1531" type="application/atom+xml"/>
    <sync_stats>
      <source>
        <sync_source type="datastore">d9fc9d8f-b191-4d89-a564-5e1b1e2150b2</sync_source>
        <statistics>
          <adds_in>6</adds_in>
          <replaces_in>0</replaces_in>
          <deletes_in>0</deletes_in>
          <adds_out>3</adds_out>
          <replaces_out>0</replaces_out>
          <deletes_out>0</deletes_out>
        </statistics>
      </source>
      <target>
        <sync_source type="extdata">55111364-7ab1-4a1e-a298-ce7691dcd9d7</sync_source>
        <statistics>
          <adds_in>1</adds_in>
          <replaces_in>0</replaces_in>
          <deletes_in>0</deletes_in>
          <adds_out>8</adds_out>
          <replaces_out>0</replaces_out>
          <deletes_out>0</deletes_out>
        </statistics>
      </target>
      <duplicates_detected>2</duplicates_detected>
      <duplicates_removed>2</duplicates_removed>
      <conflicts_detected>0</conflicts_detected>
    </sync_stats>
    <sync_mode>201</sync_mode>
    <dataclass>Contacts</dataclass>
    <binding_id>7</binding_id>
    <result>completed</result>
  </atom:entry>
</atom:feed>
`;

/** spec/examples/vendor.entry.xml: GET /v2/phones/vendors/<vendor_uuid>: id urn:uuid, title and text content the vendor name. */
const vendorEntry = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>atomsync</name>
  </author>
  <id>urn:uuid:ea8a420e-2d38-485e-8f01-868161ee33de</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
  <link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
  <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
  <published>2009-05-27T08:00:00Z</published>
  <updated>2009-05-27T08:00:00Z</updated>
  <title>Nokia</title>
  <content type="text">Nokia</content>
</entry>
`;

/** spec/examples/vendor.list.xml: GET /v2/phones/vendors/: three vendors. */
const vendorList = `<?xml version="1.0" encoding="UTF-8"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>atomsync</a:name>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/phones/vendors/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/"/>
  <a:title>Phone vendors</a:title>
  <a:updated>2009-05-27T08:00:00Z</a:updated>
  <a:entry>
    <a:author>
      <a:name>atomsync</a:name>
    </a:author>
    <a:id>urn:uuid:ea8a420e-2d38-485e-8f01-868161ee33de</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
    <a:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/ea8a420e-2d38-485e-8f01-868161ee33de"/>
    <a:published>2009-05-27T08:00:00Z</a:published>
    <a:updated>2009-05-27T08:00:00Z</a:updated>
    <a:title>Nokia</a:title>
    <a:content type="text">Nokia</a:content>
  </a:entry>
  <a:entry>
    <a:author>
      <a:name>atomsync</a:name>
    </a:author>
    <a:id>urn:uuid:f7848eed-ce54-4c2f-b705-c6b8e65b2605</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/f7848eed-ce54-4c2f-b705-c6b8e65b2605"/>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/f7848eed-ce54-4c2f-b705-c6b8e65b2605"/>
    <a:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/f7848eed-ce54-4c2f-b705-c6b8e65b2605"/>
    <a:published>2009-05-27T08:00:00Z</a:published>
    <a:updated>2009-05-27T08:00:00Z</a:updated>
    <a:title>Sony Ericsson</a:title>
    <a:content type="text">Sony Ericsson</a:content>
  </a:entry>
  <a:entry>
    <a:author>
      <a:name>atomsync</a:name>
    </a:author>
    <a:id>urn:uuid:ee13001e-7d59-411b-b464-0fda8e8a4065</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/ee13001e-7d59-411b-b464-0fda8e8a4065"/>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/ee13001e-7d59-411b-b464-0fda8e8a4065"/>
    <a:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/ee13001e-7d59-411b-b464-0fda8e8a4065"/>
    <a:published>2009-05-27T08:00:00Z</a:published>
    <a:updated>2009-05-27T08:00:00Z</a:updated>
    <a:title>Samsung</a:title>
    <a:content type="text">Samsung</a:content>
  </a:entry>
</a:feed>
`;

/** spec/examples/phone-model.entry.xml: One phone model: uuid, image_url, vendor_uuid, SyncML version and the dataclasses it syncs. */
const phoneModelEntry = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>atomsync</atom:name>
  </atom:author>
  <atom:id>urn:uuid:bb4e73e6-0da1-4709-a9c9-ded6fb43e434</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
  <atom:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
  <atom:published>2009-05-27T08:00:00Z</atom:published>
  <atom:updated>2009-05-27T08:00:00Z</atom:updated>
  <atom:title>Nokia E71</atom:title>
  <atom:content type="text">Nokia E71</atom:content>
  <uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</uuid>
  <image_url>http://127.0.0.1:8080/static/phones/nokia-e71.png</image_url>
  <vendor_uuid>ea8a420e-2d38-485e-8f01-868161ee33de</vendor_uuid>
  <syncml_version>1.2</syncml_version>
  <dataclass>Contacts</dataclass>
  <dataclass>Calendar</dataclass>
  <dataclass>Notes</dataclass>
</atom:entry>
`;

/** spec/examples/phone-model.list.xml: GET /v2/phones/vendors/models/: four models, one without an image (empty image_url). */
const phoneModelList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>atomsync</name>
  </author>
  <id>http://127.0.0.1:8080/v2/phones/vendors/models/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/"/>
  <title>Phone models</title>
  <updated>2009-05-27T08:00:00Z</updated>
  <entry>
    <author>
      <name>atomsync</name>
    </author>
    <id>urn:uuid:bb4e73e6-0da1-4709-a9c9-ded6fb43e434</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/models/bb4e73e6-0da1-4709-a9c9-ded6fb43e434"/>
    <published>2009-05-27T08:00:00Z</published>
    <updated>2009-05-27T08:00:00Z</updated>
    <title>Nokia E71</title>
    <content type="text">Nokia E71</content>
    <s:uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</s:uuid>
    <s:image_url>http://127.0.0.1:8080/static/phones/nokia-e71.png</s:image_url>
    <s:vendor_uuid>ea8a420e-2d38-485e-8f01-868161ee33de</s:vendor_uuid>
    <s:syncml_version>1.2</s:syncml_version>
    <s:dataclass>Contacts</s:dataclass>
    <s:dataclass>Calendar</s:dataclass>
    <s:dataclass>Notes</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>atomsync</name>
    </author>
    <id>urn:uuid:5b81b0f7-6ae0-4810-a44e-11071975e2d7</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/5b81b0f7-6ae0-4810-a44e-11071975e2d7"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/models/5b81b0f7-6ae0-4810-a44e-11071975e2d7"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/models/5b81b0f7-6ae0-4810-a44e-11071975e2d7"/>
    <published>2009-05-27T08:00:00Z</published>
    <updated>2009-05-27T08:00:00Z</updated>
    <title>Nokia 6300</title>
    <content type="text">Nokia 6300</content>
    <s:uuid>5b81b0f7-6ae0-4810-a44e-11071975e2d7</s:uuid>
    <s:image_url>http://127.0.0.1:8080/static/phones/nokia-6300.png</s:image_url>
    <s:vendor_uuid>ea8a420e-2d38-485e-8f01-868161ee33de</s:vendor_uuid>
    <s:syncml_version>1.1.2</s:syncml_version>
    <s:dataclass>Contacts</s:dataclass>
    <s:dataclass>Calendar</s:dataclass>
    <s:dataclass>Notes</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>atomsync</name>
    </author>
    <id>urn:uuid:cd96676f-6d3a-4cdb-b430-98b2fead20e4</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/cd96676f-6d3a-4cdb-b430-98b2fead20e4"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/models/cd96676f-6d3a-4cdb-b430-98b2fead20e4"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/models/cd96676f-6d3a-4cdb-b430-98b2fead20e4"/>
    <published>2009-05-27T08:00:00Z</published>
    <updated>2009-05-27T08:00:00Z</updated>
    <title>Sony Ericsson W995</title>
    <content type="text">Sony Ericsson W995</content>
    <s:uuid>cd96676f-6d3a-4cdb-b430-98b2fead20e4</s:uuid>
    <s:image_url>http://127.0.0.1:8080/static/phones/sonyericsson-w995.png</s:image_url>
    <s:vendor_uuid>f7848eed-ce54-4c2f-b705-c6b8e65b2605</s:vendor_uuid>
    <s:syncml_version>1.2</s:syncml_version>
    <s:dataclass>Contacts</s:dataclass>
    <s:dataclass>Calendar</s:dataclass>
    <s:dataclass>Notes</s:dataclass>
  </entry>
  <entry>
    <author>
      <name>atomsync</name>
    </author>
    <id>urn:uuid:ef54d32e-3a6c-46d9-8167-e316ee969c45</id>
    <link rel="self" href="http://127.0.0.1:8080/v2/phones/vendors/models/ef54d32e-3a6c-46d9-8167-e316ee969c45"/>
    <link rel="edit" href="http://127.0.0.1:8080/v2/phones/vendors/models/ef54d32e-3a6c-46d9-8167-e316ee969c45"/>
    <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/phones/vendors/models/ef54d32e-3a6c-46d9-8167-e316ee969c45"/>
    <published>2009-05-27T08:00:00Z</published>
    <updated>2009-05-27T08:00:00Z</updated>
    <title>Samsung SGH-G600</title>
    <content type="text">Samsung SGH-G600</content>
    <s:uuid>ef54d32e-3a6c-46d9-8167-e316ee969c45</s:uuid>
    <s:image_url></s:image_url>
    <s:vendor_uuid>ee13001e-7d59-411b-b464-0fda8e8a4065</s:vendor_uuid>
    <s:syncml_version>1.1.2</s:syncml_version>
    <s:dataclass>Contacts</s:dataclass>
    <s:dataclass>Calendar</s:dataclass>
  </entry>
</feed>
`;

/** spec/examples/phone-datastore-binding.create-response.xml: 201 answer: id .../phone_datastore_bindings/3, title 3, generated syncml_client and datastore_client links, dates. */
const phoneDatastoreBindingCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/3</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/3"/>
  <link rel="syncml_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/syncml/9cb58ead-8f72-4c2a-9dc0-932d82a52476"/>
  <link rel="datastore_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/datastore/f16975d2-e9db-45c0-8aa6-e3f30532978c/"/>
  <published>2009-06-05T11:02:17Z</published>
  <updated>2009-06-05T11:02:17Z</updated>
  <title>3</title>
  <s:model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</s:model_uuid>
  <s:phone_number>+447700900123</s:phone_number>
  <s:foreign_user_id>crm-user-40219</s:foreign_user_id>
  <s:timezone>Europe/London</s:timezone>
</entry>
`;

/** spec/examples/phone-datastore-binding.list.xml: GET /v2/syncengine/phone_datastore_bindings/: two bindings. */
const phoneDatastoreBindingList = `<?xml version="1.0" encoding="UTF-8"?>
<atom:feed xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/"/>
  <atom:title>Phone-to-datastore bindings</atom:title>
  <atom:updated>2009-06-05T11:06:48Z</atom:updated>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/3</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/3"/>
    <atom:link rel="syncml_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/syncml/9cb58ead-8f72-4c2a-9dc0-932d82a52476"/>
    <atom:link rel="datastore_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/datastore/f16975d2-e9db-45c0-8aa6-e3f30532978c/"/>
    <atom:published>2009-06-05T11:02:17Z</atom:published>
    <atom:updated>2009-06-05T11:02:17Z</atom:updated>
    <atom:title>3</atom:title>
    <model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</model_uuid>
    <phone_number>+447700900123</phone_number>
    <foreign_user_id>crm-user-40219</foreign_user_id>
    <timezone>Europe/London</timezone>
  </atom:entry>
  <atom:entry>
    <atom:author>
      <atom:name>klindqvist</atom:name>
      <atom:email>katja.lindqvist@example.com</atom:email>
    </atom:author>
    <atom:id>http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/4</atom:id>
    <atom:link rel="self" href="http://127.0.0.1:8080/v2/syncengine/phone_datastore_bindings/4"/>
    <atom:link rel="syncml_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/syncml/14eccf12-9481-4018-a32e-04db284468cd"/>
    <atom:link rel="datastore_client" type="application/atom+xml" href="http://127.0.0.1:8080/v2/services/datastore/34a55f54-030c-4a91-8116-1abb6c42a5fc/"/>
    <atom:published>2009-06-05T11:06:48Z</atom:published>
    <atom:updated>2009-06-05T11:06:48Z</atom:updated>
    <atom:title>4</atom:title>
    <model_uuid>5b81b0f7-6ae0-4810-a44e-11071975e2d7</model_uuid>
    <phone_number>+447700900456</phone_number>
    <foreign_user_id>crm-user-40220</foreign_user_id>
    <timezone>Europe/London</timezone>
  </atom:entry>
</atom:feed>
`;

/** spec/examples/syncml-session.list.xml: GET /v2/services/syncml/sessions/: a refused session (404, reason) and a completed two-datastore session. */
const syncmlSessionList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/syncml/sessions/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/sessions/"/>
  <title>SyncML sessions</title>
  <updated>2009-06-03T17:02:45Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:952eb73b-c189-456a-af79-b4769655d4ee</id>
    <published>2009-06-03T17:02:44Z</published>
    <updated>2009-06-03T17:02:45Z</updated>
    <title>Session 1 with IMEI:353755040360291</title>
    <s:session>
      <s:session_id>1</s:session_id>
      <s:device_id>IMEI:353755040360291</s:device_id>
      <s:client_uuid>ce1a4be5-f8b8-414f-898f-9578a71d16a4</s:client_uuid>
      <s:protocol>SyncML/1.2</s:protocol>
      <s:encoding>wbxml</s:encoding>
      <s:started>2009-06-03T17:02:44Z</s:started>
      <s:ended>2009-06-03T17:02:45Z</s:ended>
      <s:status>404</s:status>
      <s:reason>SyncML client ce1a4be5-f8b8-414f-898f-9578a71d16a4 is not in any binding; Alert for ./contacts refused</s:reason>
      <s:datastore uri="./contacts"/>
    </s:session>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:57051fbb-66e1-4372-aede-373dbc6bb144</id>
    <published>2009-06-02T08:15:03Z</published>
    <updated>2009-06-02T08:15:41Z</updated>
    <title>Session 42 with IMEI:356938035643809</title>
    <s:session>
      <s:session_id>42</s:session_id>
      <s:device_id>IMEI:356938035643809</s:device_id>
      <s:client_uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</s:client_uuid>
      <s:protocol>SyncML/1.2</s:protocol>
      <s:encoding>xml</s:encoding>
      <s:started>2009-06-02T08:15:03Z</s:started>
      <s:ended>2009-06-02T08:15:41Z</s:ended>
      <s:status>200</s:status>
      <s:datastore uri="./contacts" dataclass="Contacts" sync_mode="200">
        <s:statistics>
          <s:adds_in>1</s:adds_in>
          <s:replaces_in>2</s:replaces_in>
          <s:deletes_in>0</s:deletes_in>
          <s:adds_out>0</s:adds_out>
          <s:replaces_out>1</s:replaces_out>
          <s:deletes_out>0</s:deletes_out>
        </s:statistics>
      </s:datastore>
      <s:datastore uri="./calendar" dataclass="Calendar" sync_mode="200">
        <s:statistics>
          <s:adds_in>0</s:adds_in>
          <s:replaces_in>0</s:replaces_in>
          <s:deletes_in>0</s:deletes_in>
          <s:adds_out>1</s:adds_out>
          <s:replaces_out>0</s:replaces_out>
          <s:deletes_out>0</s:deletes_out>
        </s:statistics>
      </s:datastore>
    </s:session>
  </entry>
</feed>
`;

/** spec/examples/syncml-chatlog.list.xml: GET /v2/services/syncml/sessions/chatlog/ (administrators): the phone's first message and the server's answer, SyncML XML escaped in atom:content. */
const syncmlChatlogList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:as="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>admin</name>
  </author>
  <id>http://127.0.0.1:8080/v2/services/syncml/sessions/chatlog/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/sessions/chatlog/"/>
  <title>SyncML chat log</title>
  <updated>2009-06-02T08:15:04Z</updated>
  <entry>
    <author>
      <name>admin</name>
    </author>
    <id>urn:uuid:fc732663-d2d3-4977-8cc1-343d9d78f8e9</id>
    <published>2009-06-02T08:15:03Z</published>
    <updated>2009-06-02T08:15:03Z</updated>
    <title>Session 42, message 1, IMEI:356938035643809 → server</title>
    <content type="application/vnd.syncml+xml">&lt;?xml version="1.0" encoding="UTF-8"?&gt;
&lt;SyncML xmlns="SYNCML:SYNCML1.2"&gt;
  &lt;SyncHdr&gt;
    &lt;VerDTD&gt;1.2&lt;/VerDTD&gt;
    &lt;VerProto&gt;SyncML/1.2&lt;/VerProto&gt;
    &lt;SessionID&gt;42&lt;/SessionID&gt;
    &lt;MsgID&gt;1&lt;/MsgID&gt;
    &lt;Target&gt;&lt;LocURI&gt;http://127.0.0.1:8080/syncml&lt;/LocURI&gt;&lt;/Target&gt;
    &lt;Source&gt;&lt;LocURI&gt;IMEI:356938035643809&lt;/LocURI&gt;&lt;LocName&gt;klindqvist&lt;/LocName&gt;&lt;/Source&gt;
    &lt;Cred&gt;
      &lt;Meta&gt;&lt;Format xmlns="syncml:metinf"&gt;b64&lt;/Format&gt;&lt;Type xmlns="syncml:metinf"&gt;syncml:auth-md5&lt;/Type&gt;&lt;/Meta&gt;
      &lt;Data&gt;ydHTs/9MDbSB35E6wU1oSQ==&lt;/Data&gt;
    &lt;/Cred&gt;
    &lt;Meta&gt;&lt;MaxMsgSize xmlns="syncml:metinf"&gt;16000&lt;/MaxMsgSize&gt;&lt;/Meta&gt;
  &lt;/SyncHdr&gt;
  &lt;SyncBody&gt;
    &lt;Alert&gt;
      &lt;CmdID&gt;1&lt;/CmdID&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;
        &lt;Target&gt;&lt;LocURI&gt;contacts&lt;/LocURI&gt;&lt;/Target&gt;
        &lt;Source&gt;&lt;LocURI&gt;./contacts&lt;/LocURI&gt;&lt;/Source&gt;
        &lt;Meta&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Last&gt;20090601T124109Z&lt;/Last&gt;&lt;Next&gt;20090602T081503Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Meta&gt;
      &lt;/Item&gt;
    &lt;/Alert&gt;
    &lt;Alert&gt;
      &lt;CmdID&gt;2&lt;/CmdID&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;
        &lt;Target&gt;&lt;LocURI&gt;calendar&lt;/LocURI&gt;&lt;/Target&gt;
        &lt;Source&gt;&lt;LocURI&gt;./calendar&lt;/LocURI&gt;&lt;/Source&gt;
        &lt;Meta&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Last&gt;20090601T124109Z&lt;/Last&gt;&lt;Next&gt;20090602T081503Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Meta&gt;
      &lt;/Item&gt;
    &lt;/Alert&gt;
    &lt;Final/&gt;
  &lt;/SyncBody&gt;
&lt;/SyncML&gt;</content>
    <as:message>
      <as:session_id>42</as:session_id>
      <as:msg_id>1</as:msg_id>
      <as:direction>in</as:direction>
      <as:encoding>xml</as:encoding>
    </as:message>
  </entry>
  <entry>
    <author>
      <name>admin</name>
    </author>
    <id>urn:uuid:7c5c922a-4db9-46d3-84a5-b5b04fc480b7</id>
    <published>2009-06-02T08:15:04Z</published>
    <updated>2009-06-02T08:15:04Z</updated>
    <title>Session 42, message 1, server → IMEI:356938035643809</title>
    <content type="application/vnd.syncml+xml">&lt;?xml version="1.0" encoding="UTF-8"?&gt;
&lt;SyncML xmlns="SYNCML:SYNCML1.2"&gt;
  &lt;SyncHdr&gt;
    &lt;VerDTD&gt;1.2&lt;/VerDTD&gt;
    &lt;VerProto&gt;SyncML/1.2&lt;/VerProto&gt;
    &lt;SessionID&gt;42&lt;/SessionID&gt;
    &lt;MsgID&gt;1&lt;/MsgID&gt;
    &lt;Target&gt;&lt;LocURI&gt;IMEI:356938035643809&lt;/LocURI&gt;&lt;/Target&gt;
    &lt;Source&gt;&lt;LocURI&gt;http://127.0.0.1:8080/syncml&lt;/LocURI&gt;&lt;/Source&gt;
    &lt;RespURI&gt;http://127.0.0.1:8080/syncml?s=57051fbb-66e1-4372-aede-373dbc6bb144&lt;/RespURI&gt;
  &lt;/SyncHdr&gt;
  &lt;SyncBody&gt;
    &lt;Status&gt;
      &lt;CmdID&gt;1&lt;/CmdID&gt;
      &lt;MsgRef&gt;1&lt;/MsgRef&gt;
      &lt;CmdRef&gt;0&lt;/CmdRef&gt;
      &lt;Cmd&gt;SyncHdr&lt;/Cmd&gt;
      &lt;TargetRef&gt;http://127.0.0.1:8080/syncml&lt;/TargetRef&gt;
      &lt;SourceRef&gt;IMEI:356938035643809&lt;/SourceRef&gt;
      &lt;Chal&gt;&lt;Meta&gt;&lt;Format xmlns="syncml:metinf"&gt;b64&lt;/Format&gt;&lt;Type xmlns="syncml:metinf"&gt;syncml:auth-md5&lt;/Type&gt;&lt;NextNonce xmlns="syncml:metinf"&gt;Tht9KpDDX2g=&lt;/NextNonce&gt;&lt;/Meta&gt;&lt;/Chal&gt;
      &lt;Data&gt;212&lt;/Data&gt;
    &lt;/Status&gt;
    &lt;Status&gt;
      &lt;CmdID&gt;2&lt;/CmdID&gt;
      &lt;MsgRef&gt;1&lt;/MsgRef&gt;
      &lt;CmdRef&gt;1&lt;/CmdRef&gt;
      &lt;Cmd&gt;Alert&lt;/Cmd&gt;
      &lt;TargetRef&gt;contacts&lt;/TargetRef&gt;
      &lt;SourceRef&gt;./contacts&lt;/SourceRef&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;&lt;Data&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Next&gt;20090602T081503Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Data&gt;&lt;/Item&gt;
    &lt;/Status&gt;
    &lt;Status&gt;
      &lt;CmdID&gt;3&lt;/CmdID&gt;
      &lt;MsgRef&gt;1&lt;/MsgRef&gt;
      &lt;CmdRef&gt;2&lt;/CmdRef&gt;
      &lt;Cmd&gt;Alert&lt;/Cmd&gt;
      &lt;TargetRef&gt;calendar&lt;/TargetRef&gt;
      &lt;SourceRef&gt;./calendar&lt;/SourceRef&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;&lt;Data&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Next&gt;20090602T081503Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Data&gt;&lt;/Item&gt;
    &lt;/Status&gt;
    &lt;Alert&gt;
      &lt;CmdID&gt;4&lt;/CmdID&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;
        &lt;Target&gt;&lt;LocURI&gt;./contacts&lt;/LocURI&gt;&lt;/Target&gt;
        &lt;Source&gt;&lt;LocURI&gt;contacts&lt;/LocURI&gt;&lt;/Source&gt;
        &lt;Meta&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Last&gt;20090601T124109Z&lt;/Last&gt;&lt;Next&gt;20090602T081504Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Meta&gt;
      &lt;/Item&gt;
    &lt;/Alert&gt;
    &lt;Alert&gt;
      &lt;CmdID&gt;5&lt;/CmdID&gt;
      &lt;Data&gt;200&lt;/Data&gt;
      &lt;Item&gt;
        &lt;Target&gt;&lt;LocURI&gt;./calendar&lt;/LocURI&gt;&lt;/Target&gt;
        &lt;Source&gt;&lt;LocURI&gt;calendar&lt;/LocURI&gt;&lt;/Source&gt;
        &lt;Meta&gt;&lt;Anchor xmlns="syncml:metinf"&gt;&lt;Last&gt;20090601T124109Z&lt;/Last&gt;&lt;Next&gt;20090602T081504Z&lt;/Next&gt;&lt;/Anchor&gt;&lt;/Meta&gt;
      &lt;/Item&gt;
    &lt;/Alert&gt;
    &lt;Final/&gt;
  &lt;/SyncBody&gt;
&lt;/SyncML&gt;</content>
    <as:message>
      <as:session_id>42</as:session_id>
      <as:msg_id>1</as:msg_id>
      <as:direction>out</as:direction>
      <as:encoding>xml</as:encoding>
    </as:message>
  </entry>
</feed>
`;

/** spec/examples/syncml-outbox.list.xml: GET /v2/services/syncml/<client_uuid>/outbox/: a server alerted notification (package #0) and an OMA CP setup document, newest first, payloads base64. */
const syncmlOutboxList = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/outbox/</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/outbox/"/>
  <title>Outbox of Nokia E71</title>
  <updated>2009-06-02T08:14:50Z</updated>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:cc3a50c0-9aa5-4d1d-ad8d-8fc46a8add33</id>
    <published>2009-06-02T08:14:50Z</published>
    <updated>2009-06-02T08:14:50Z</updated>
    <title>Server alerted notification (contacts, calendar)</title>
    <content type="application/vnd.syncml.notification">6j5QQ2plNFnnyCY7fM5dMQMIAAAAACoIYXRvbXN5bmMgYAAABwhjb250YWN0c2AAAAYIY2FsZW5kYXI=</content>
    <s:outbox_item>
      <s:kind>notification</s:kind>
      <s:client_uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</s:client_uuid>
      <s:phone_number>+46701234567</s:phone_number>
    </s:outbox_item>
  </entry>
  <entry>
    <author>
      <name>klindqvist</name>
      <email>katja.lindqvist@example.com</email>
    </author>
    <id>urn:uuid:8e577674-8d0f-47ef-b2a8-cf125f434585</id>
    <published>2009-06-01T12:30:00Z</published>
    <updated>2009-06-01T12:30:00Z</updated>
    <title>Setup atomsync (OMA Client Provisioning)</title>
    <content type="application/vnd.wap.connectivity-wbxml">AwtqAMVGAcZQA0FQUExJQ0FUSU9OAAGHBQNBUFBJRAAGA3c1AAGHBQNQUk9WSURFUi1JRAAGA2F0b21zeW5jAAGHBQNOQU1FAAYDYXRvbXN5bmMAAYcFA0FERFIABgNodHRwOi8vMTI3LjAuMC4xOjgwODAvc3luY21sAAHGUANBUFBBVVRIAAGHBQNBQVVUSExFVkVMAAYDQVBQU1JWAAGHBQNBQVVUSE5BTUUABgNrbGluZHF2aXN0AAEBxlADUkVTT1VSQ0UAAYcFA1VSSQAGA2NvbnRhY3RzAAGHBQNOQU1FAAYDQ29udGFjdHMAAYcFA0FBQ0NFUFQABgN0ZXh0L3gtdmNhcmQAAQHGUANSRVNPVVJDRQABhwUDVVJJAAYDY2FsZW5kYXIAAYcFA05BTUUABgNDYWxlbmRhcgABhwUDQUFDQ0VQVAAGA3RleHQveC12Y2FsZW5kYXIAAQEBAQ==</content>
    <s:outbox_item>
      <s:kind>setup</s:kind>
      <s:client_uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</s:client_uuid>
      <s:phone_number>+46701234567</s:phone_number>
    </s:outbox_item>
  </entry>
</feed>
`;

/** spec/examples/account.entry.xml: 201 answer to the account create: the account without its password. */
const accountEntry = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>admin</atom:name>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/admin/accounts/jmartin</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <atom:published>2009-06-05T09:00:00Z</atom:published>
  <atom:updated>2009-06-05T09:00:00Z</atom:updated>
  <atom:title>jmartin</atom:title>
  <account>
    <username>jmartin</username>
    <admin>false</admin>
  </account>
</atom:entry>
`;

/** spec/examples/token.entry.xml: 201 answer to POST /v2/admin/accounts/<username>/tokens: the bearer token, shown only here. */
const tokenEntry = `<?xml version="1.0" encoding="UTF-8"?>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>admin</a:name>
  </a:author>
  <a:id>urn:uuid:2bdbbda0-8d2b-4e29-a454-bc0ab62383d8</a:id>
  <a:link rel="related" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <a:published>2009-06-05T09:01:30Z</a:published>
  <a:updated>2009-06-05T09:01:30Z</a:updated>
  <a:title>Bearer token for jmartin</a:title>
  <sync:token>ast_3q2Xv9Lk0PzW8mRt5YbN1cJh7GdF4sUe6KoA2iVx</sync:token>
</a:entry>
`;

/** spec/examples/app-password.create-response.xml: 201 answer to the create: the generated password, shown only here, with the app password's uuid, name and creation time. */
const appPasswordCreateResponse = `<?xml version="1.0" encoding="UTF-8"?>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>jmartin</a:name>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/account/app_passwords/6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a</a:id>
  <a:link rel="edit" href="http://127.0.0.1:8080/v2/account/app_passwords/6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a"/>
  <a:published>2009-06-05T09:02:10Z</a:published>
  <a:updated>2009-06-05T09:02:10Z</a:updated>
  <a:title>DAVx5 on my phone</a:title>
  <sync:app_password>
    <sync:uuid>6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a</sync:uuid>
    <sync:name>DAVx5 on my phone</sync:name>
    <sync:password>k7mq-2xhp-9ctr-w4nd-f3vb-8jse</sync:password>
    <sync:last_used/>
  </sync:app_password>
</a:entry>
`;

/** spec/examples/app-password.list.xml: GET /v2/account/app_passwords/: one app password that has signed a device in (last_used) and one that never has; no password. */
const appPasswordList = `<?xml version="1.0" encoding="UTF-8"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>jmartin</a:name>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/account/app_passwords/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/account/app_passwords/"/>
  <a:title>App passwords</a:title>
  <a:updated>2009-06-05T09:02:10Z</a:updated>
  <a:entry>
    <a:author>
      <a:name>jmartin</a:name>
    </a:author>
    <a:id>http://127.0.0.1:8080/v2/account/app_passwords/0b7d9e21-5c3a-4f86-9d12-7a8b9c0d1e2f</a:id>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/account/app_passwords/0b7d9e21-5c3a-4f86-9d12-7a8b9c0d1e2f"/>
    <a:published>2009-06-01T17:40:03Z</a:published>
    <a:updated>2009-06-01T17:40:03Z</a:updated>
    <a:title>Mac Contacts</a:title>
    <sync:app_password>
      <sync:uuid>0b7d9e21-5c3a-4f86-9d12-7a8b9c0d1e2f</sync:uuid>
      <sync:name>Mac Contacts</sync:name>
      <sync:last_used>2009-06-05T08:57:00Z</sync:last_used>
    </sync:app_password>
  </a:entry>
  <a:entry>
    <a:author>
      <a:name>jmartin</a:name>
    </a:author>
    <a:id>http://127.0.0.1:8080/v2/account/app_passwords/6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a</a:id>
    <a:link rel="edit" href="http://127.0.0.1:8080/v2/account/app_passwords/6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a"/>
    <a:published>2009-06-05T09:02:10Z</a:published>
    <a:updated>2009-06-05T09:02:10Z</a:updated>
    <a:title>DAVx5 on my phone</a:title>
    <sync:app_password>
      <sync:uuid>6f1c2a4e-93b7-4d0e-8a55-1e2f3c4d5b6a</sync:uuid>
      <sync:name>DAVx5 on my phone</sync:name>
      <sync:last_used/>
    </sync:app_password>
  </a:entry>
</a:feed>
`;

/** spec/examples/consumer.entry.xml: 201 answer to POST /v2/admin/accounts/<username>/consumers: OAuth 1.0a consumer key and secret, shown only here. */
const consumerEntry = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:as="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>admin</name>
  </author>
  <id>urn:uuid:b9b6f8f5-f253-4359-93dd-30caa14978a8</id>
  <link rel="related" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <published>2009-06-05T09:02:11Z</published>
  <updated>2009-06-05T09:02:11Z</updated>
  <title>OAuth consumer for jmartin</title>
  <as:consumer>
    <as:key>8d4f0c2a9b6e4f1d</as:key>
    <as:secret>kQ7vX2mP9sL4wT8zR1nB5cY3hJ6gF0dA</as:secret>
  </as:consumer>
</entry>
`;

/** spec/examples/extdata-client.get.xml: GET /v2/services/extdata/<client_uuid>/: one client with a single Contacts datastore whose token covers two scopes. */
const extdataClientGet = `<?xml version="1.0" encoding="UTF-8"?>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>klindqvist</a:name>
    <a:email>katja.lindqvist@example.com</a:email>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
  <a:link rel="edit" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
  <a:link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/"/>
  <a:published>2009-05-29T15:40:51Z</a:published>
  <a:updated>2009-05-29T15:40:51Z</a:updated>
  <a:title>k.lindqvist.work@example.org</a:title>
  <a:content src="http://127.0.0.1:8080/v2/services/extdata/4d8695dc-94bc-4f19-9a94-b1e6116d4482/" type="html"/>
  <sync:client>
    <sync:uuid>4d8695dc-94bc-4f19-9a94-b1e6116d4482</sync:uuid>
    <sync:user_id>k.lindqvist.work@example.org</sync:user_id>
    <sync:datastore dataclass="Contacts" href="https://www.google.com/m8/feeds/contacts/k.lindqvist.work%40example.org/full" name="Contacts">
      <sync:token>
        <sync:type>2</sync:type>
        <sync:scope>https://www.google.com/m8/feeds/</sync:scope>
        <sync:scope>https://www.google.com/calendar/feeds/</sync:scope>
      </sync:token>
    </sync:datastore>
  </sync:client>
</a:entry>
`;

/** spec/examples/content-changes.list.xml: GET /v2/services/datastore/<client_uuid>/contents/?since=...: a batch feed of changes: an insert, an update and a delete tombstone. */
const contentChangesList = `<?xml version="1.0" encoding="UTF-8"?>
<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync" xmlns:batch="http://schemas.google.com/gdata/batch">
  <a:author>
    <a:name>klindqvist</a:name>
    <a:email>katja.lindqvist@example.com</a:email>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/?since=2009-06-01T00:00:00</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/?since=2009-06-01T00:00:00"/>
  <a:title>Changes since 2009-06-01T00:00:00</a:title>
  <a:updated>2009-06-03T08:03:51Z</a:updated>
  <a:entry>
    <a:author>
      <a:name>klindqvist</a:name>
    </a:author>
    <a:id>urn:uuid:f26e75a2-07f7-4791-a672-6dac883683cd</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/f26e75a2-07f7-4791-a672-6dac883683cd"/>
    <a:published>2009-06-02T08:10:27Z</a:published>
    <a:updated>2009-06-02T08:10:27Z</a:updated>
    <a:title>Lars Erik Nilsson</a:title>
    <sync:content dataclass="Contacts" type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Nilsson;Lars;Erik;;
FN:Lars Erik Nilsson
NICKNAME:Lasse
TEL;TYPE=CELL:+46739876543
TEL;TYPE=HOME:+4686601234
EMAIL;TYPE=INTERNET,HOME:lars.nilsson@example.se
BDAY:1974-03-17
NOTE:Brother-in-law. Allergic to nuts &lt;important&gt;
UID:f26e75a2-07f7-4791-a672-6dac883683cd
REV:2009-06-02T08:10:27Z
END:VCARD</sync:content>
    <batch:operation type="insert"/>
  </a:entry>
  <a:entry>
    <a:author>
      <a:name>klindqvist</a:name>
    </a:author>
    <a:id>urn:uuid:05291067-9561-4004-a8ca-b2575c9385b1</a:id>
    <a:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/05291067-9561-4004-a8ca-b2575c9385b1"/>
    <a:published>2009-05-28T09:31:12Z</a:published>
    <a:updated>2009-06-03T07:52:40Z</a:updated>
    <a:title>Maria Jensen</a:title>
    <sync:content dataclass="Contacts" type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Jensen;Maria;;;
FN:Maria Jensen
ORG:Jensen &amp; Sønner ApS
TITLE:Indkøbschef
TEL;TYPE=CELL:+4520987654
TEL;TYPE=WORK,VOICE:+4533123400
EMAIL;TYPE=INTERNET,WORK:maria.jensen@example.dk
ADR;TYPE=WORK:;;Vesterbrogade 12;København V;;1620;Denmark
UID:05291067-9561-4004-a8ca-b2575c9385b1
REV:2009-06-03T07:52:40Z
END:VCARD</sync:content>
    <batch:operation type="update"/>
  </a:entry>
  <a:entry>
    <a:id>urn:uuid:2d4742f8-a84a-4525-a5ea-196ad5e82949</a:id>
    <a:updated>2009-06-03T08:03:51Z</a:updated>
    <batch:operation type="delete"/>
  </a:entry>
</a:feed>
`;

/** spec/examples/content.get.xml: GET /v2/services/datastore/<client_uuid>/contents/<content_uuid>: one contact. */
const contentGet = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>urn:uuid:05291067-9561-4004-a8ca-b2575c9385b1</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/05291067-9561-4004-a8ca-b2575c9385b1"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/05291067-9561-4004-a8ca-b2575c9385b1"/>
  <atom:published>2009-05-28T09:31:12Z</atom:published>
  <atom:updated>2009-05-28T09:31:12Z</atom:updated>
  <atom:title>Maria Jensen</atom:title>
  <atom:content type="text/x-vcard">BEGIN:VCARD
VERSION:3.0
N:Jensen;Maria;;;
FN:Maria Jensen
ORG:Jensen &amp; Sønner ApS
TITLE:Indkøbschef
TEL;TYPE=CELL:+4520123456
TEL;TYPE=WORK,VOICE:+4533123400
EMAIL;TYPE=INTERNET,WORK:maria.jensen@example.dk
ADR;TYPE=WORK:;;Vesterbrogade 12;København V;;1620;Denmark
UID:05291067-9561-4004-a8ca-b2575c9385b1
REV:2009-05-28T09:31:12Z
END:VCARD</atom:content>
  <dataclass>Contacts</dataclass>
</atom:entry>
`;

/** spec/examples/syncml-client.get.xml: GET /v2/services/syncml/<client_uuid>: a set-up phone with ./contacts and ./calendar datastores. */
const syncmlClientGet = `<?xml version="1.0" encoding="UTF-8"?>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:as="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>klindqvist</name>
    <email>katja.lindqvist@example.com</email>
  </author>
  <id>http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370"/>
  <link rel="alternate" type="text/html" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370"/>
  <published>2009-06-01T12:28:44Z</published>
  <updated>2009-06-01T12:41:09Z</updated>
  <title>Nokia E71</title>
  <content src="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370" type="text/html"/>
  <as:client>
    <as:uuid>00597a45-6a6d-4919-b1e0-f17e44c53370</as:uuid>
    <as:user_id>klindqvist</as:user_id>
    <as:phone_number>+46701234567</as:phone_number>
    <as:model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</as:model_uuid>
    <as:imei>356938035643809</as:imei>
    <as:timezone>Europe/Stockholm</as:timezone>
    <as:setup sent="2009-06-01 12:30:00">atomsync</as:setup>
    <as:datastore dataclass="Contacts" href="http://127.0.0.1:8080/v2/services/syncml/datastores/08ae41a0-330a-4898-acc6-2967bdd5d4ea">./contacts</as:datastore>
    <as:datastore dataclass="Calendar" href="http://127.0.0.1:8080/v2/services/syncml/datastores/bf55fcea-435a-44cb-8cf4-68d33f43baf2">./calendar</as:datastore>
  </as:client>
</entry>
`;

/** spec/examples/activesync-client.device.xml: GET /v2/services/activesync/<client_uuid> of a client whose phone signed in: its device (DeviceId, type, protocol version, first and last contact, what it reported), an item loop protection isolated and the device it replaced. */
const activesyncClientDevice = `<?xml version="1.0" encoding="UTF-8"?>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
    <atom:email>katja.lindqvist@example.com</atom:email>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/services/activesync/01705a9e-a98e-40d3-a8b3-7c79922be713"/>
  <atom:published>2009-06-04T09:12:55Z</atom:published>
  <atom:updated>2009-06-04T10:02:17Z</atom:updated>
  <atom:title>01705a9e-a98e-40d3-a8b3-7c79922be713</atom:title>
  <client>
    <uuid>01705a9e-a98e-40d3-a8b3-7c79922be713</uuid>
    <user_id>klindqvist</user_id>
    <username>katja.lindqvist</username>
    <phone_number>+46701234567</phone_number>
    <model_uuid>bb4e73e6-0da1-4709-a9c9-ded6fb43e434</model_uuid>
    <last_sync>2009-06-04T10:02:17Z</last_sync>
    <device id="ApplC39GQ0ABCDEF" type="iPhone" protocol_version="16.1" first_contact="2009-06-04T09:40:12Z" last_contact="2009-06-04T10:02:00Z">
      <user_agent>Apple-iPhone13C2/1905.258</user_agent>
      <model>iPhone13,2</model>
      <os>iOS 17.4</os>
      <friendly_name>Katja’s iPhone</friendly_name>
      <isolated collection="contacts" folder="Contacts" server_id="Q2xvdWRiZXJyeQ" op="add" binding="7" since="2009-06-04T09:58:31Z"/>
      <replaced device_id="androidc1234567890" at="2009-06-04T09:40:12Z"/>
    </device>
  </client>
</atom:entry>
`;

/**
 * The default documents of each entry shape. `entry` is absent where the golden examples hold
 * only feeds of the shape: the feed's first entry serves.
 */
export const samples: { readonly [K in EntryShapeName]: { readonly entry?: string; readonly feed: string } } = {
  ExtdataClientEntry: {
    entry: extdataClientCreateResponse,
    feed: extdataClientList,
  },
  DatastoreClientEntry: {
    entry: datastoreClientCreateResponse,
    feed: datastoreClientList,
  },
  SyncmlClientEntry: {
    entry: syncmlClientCreateResponse,
    feed: syncmlClientList,
  },
  ActivesyncClientEntry: {
    entry: activesyncClientCreateResponse,
    feed: activesyncClientList,
  },
  ActivesyncWipeEntry: {
    entry: activesyncWipeRequest,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:ActivesyncWipeEntry</id>
  <title>ActivesyncWipeEntry feed</title>
  <updated>2009-06-01T12:00:00Z</updated>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <s:wipe scope="device"/>
</entry>
</feed>
`,
  },
  ContentEntry: {
    entry: contentCreateResponse,
    feed: contentList,
  },
  BatchContentEntry: {
    feed: contentBatchResult,
  },
  ContentImportEntry: {
    entry: contentImportResult,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:ContentImportEntry</id>
  <title>ContentImportEntry feed</title>
  <updated>2009-06-06T10:12:05Z</updated>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>klindqvist</atom:name>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/services/datastore/d9fc9d8f-b191-4d89-a564-5e1b1e2150b2/contents/import</atom:id>
  <atom:updated>2009-06-06T10:12:05Z</atom:updated>
  <atom:title>Import into Contacts</atom:title>
  <import>
    <items>3</items>
    <added>1</added>
    <twins>1</twins>
    <refused_count>2</refused_count>
    <refused line="14" title="Sofia Berg">a Contacts item is a vCard (text/vcard or text/x-vcard), not text/calendar</refused>
    <refused line="21">the file ends inside this VCARD</refused>
  </import>
</atom:entry>
</feed>
`,
  },
  SyncmlSetupEntry: {
    entry: syncmlSetupResponse,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:SyncmlSetupEntry</id>
  <title>SyncmlSetupEntry feed</title>
  <updated>2009-06-01T12:30:00Z</updated>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>klindqvist</a:name>
    <a:email>katja.lindqvist@example.com</a:email>
  </a:author>
  <a:id>http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/setup/12/</a:id>
  <a:link rel="self" href="http://127.0.0.1:8080/v2/services/syncml/00597a45-6a6d-4919-b1e0-f17e44c53370/setup/12/"/>
  <a:published>2009-06-01T12:30:00Z</a:published>
  <a:updated>2009-06-01T12:30:00Z</a:updated>
  <a:title>atomsync</a:title>
  <sync:pincode>9315</sync:pincode>
  <sync:setup sent="2009-06-01T12:30:00Z">atomsync</sync:setup>
</a:entry>
</feed>
`,
  },
  BindingEntry: {
    entry: bindingEntry,
    feed: bindingList,
  },
  SynchronizationEntry: {
    entry: synchronizationRequest,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:SynchronizationEntry</id>
  <title>SynchronizationEntry feed</title>
  <updated>2009-06-01T12:00:00Z</updated>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:s="http://schemas.atomsync.dev/2009/sync">
  <s:sync_mode>200</s:sync_mode>
  <s:dataclass>Contacts</s:dataclass>
</entry>
</feed>
`,
  },
  SyncLogEntry: {
    entry: syncLogEntry,
    feed: syncLogList,
  },
  VendorEntry: {
    entry: vendorEntry,
    feed: vendorList,
  },
  PhoneModelEntry: {
    entry: phoneModelEntry,
    feed: phoneModelList,
  },
  PhoneDatastoreBindingEntry: {
    entry: phoneDatastoreBindingCreateResponse,
    feed: phoneDatastoreBindingList,
  },
  SessionEntry: {
    feed: syncmlSessionList,
  },
  ChatMessageEntry: {
    feed: syncmlChatlogList,
  },
  OutboxEntry: {
    feed: syncmlOutboxList,
  },
  AccountEntry: {
    entry: accountEntry,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>http://127.0.0.1:8080/v2/admin/accounts</id>
  <link rel="self" href="http://127.0.0.1:8080/v2/admin/accounts"/>
  <title>Accounts</title>
  <updated>2009-06-05T09:00:00Z</updated>
<atom:entry xmlns:atom="http://www.w3.org/2005/Atom" xmlns="http://schemas.atomsync.dev/2009/sync">
  <atom:author>
    <atom:name>admin</atom:name>
  </atom:author>
  <atom:id>http://127.0.0.1:8080/v2/admin/accounts/jmartin</atom:id>
  <atom:link rel="self" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <atom:link rel="edit" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <atom:published>2009-06-05T09:00:00Z</atom:published>
  <atom:updated>2009-06-05T09:00:00Z</atom:updated>
  <atom:title>jmartin</atom:title>
  <account>
    <username>jmartin</username>
    <admin>false</admin>
  </account>
</atom:entry>
</feed>
`,
  },
  TokenEntry: {
    entry: tokenEntry,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:TokenEntry</id>
  <title>TokenEntry feed</title>
  <updated>2009-06-05T09:01:30Z</updated>
<a:entry xmlns:a="http://www.w3.org/2005/Atom" xmlns:sync="http://schemas.atomsync.dev/2009/sync">
  <a:author>
    <a:name>admin</a:name>
  </a:author>
  <a:id>urn:uuid:2bdbbda0-8d2b-4e29-a454-bc0ab62383d8</a:id>
  <a:link rel="related" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <a:published>2009-06-05T09:01:30Z</a:published>
  <a:updated>2009-06-05T09:01:30Z</a:updated>
  <a:title>Bearer token for jmartin</a:title>
  <sync:token>ast_3q2Xv9Lk0PzW8mRt5YbN1cJh7GdF4sUe6KoA2iVx</sync:token>
</a:entry>
</feed>
`,
  },
  AppPasswordEntry: {
    entry: appPasswordCreateResponse,
    feed: appPasswordList,
  },
  ConsumerEntry: {
    entry: consumerEntry,
    /** The entry sample in a feed. */
    feed: `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <id>urn:atomsync:sample:ConsumerEntry</id>
  <title>ConsumerEntry feed</title>
  <updated>2009-06-05T09:02:11Z</updated>
<entry xmlns="http://www.w3.org/2005/Atom" xmlns:as="http://schemas.atomsync.dev/2009/sync">
  <author>
    <name>admin</name>
  </author>
  <id>urn:uuid:b9b6f8f5-f253-4359-93dd-30caa14978a8</id>
  <link rel="related" href="http://127.0.0.1:8080/v2/admin/accounts/jmartin"/>
  <published>2009-06-05T09:02:11Z</published>
  <updated>2009-06-05T09:02:11Z</updated>
  <title>OAuth consumer for jmartin</title>
  <as:consumer>
    <as:key>8d4f0c2a9b6e4f1d</as:key>
    <as:secret>kQ7vX2mP9sL4wT8zR1nB5cY3hJ6gF0dA</as:secret>
  </as:consumer>
</entry>
</feed>
`,
  },
};

/** Operations with a golden example of their own (its description names the operation), other than their shape's default. */
export const operationSamples: { readonly [K in OperationId]?: string } = {
  getExtdataClient: extdataClientGet,
  listContentChanges: contentChangesList,
  getContent: contentGet,
  getSyncmlClient: syncmlClientGet,
  getActivesyncClient: activesyncClientDevice,
};
