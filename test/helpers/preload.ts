// Tests must not depend on the operator's environment.
process.env.LOG_LEVEL = "error";
delete process.env.DATABASE_URL;
