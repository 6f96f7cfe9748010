/// An instance storage that keeps its instances in the unit of work of the calling task (the
/// request scope of SwinjectAutoregistration), not in the container.
///
/// A wrapper around an entry's storage that keeps instances somewhere else for a while (a test's
/// container override keeps container-scoped instances for the test) must pass the calls of such
/// a storage through instead: keeping its instances would share one request's instance with every
/// other request of the test.
package protocol UnitOfWorkStorage: AnyObject {}
