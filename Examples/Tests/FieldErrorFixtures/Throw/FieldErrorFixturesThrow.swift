// The operations of ../Operations, generated with "fieldErrors": "throw" in apogee.json: what
// a field error that no @catch handles does in this module's types.
