// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AdvBase} from "./AdvBase.sol";

/// @notice A two-day timelock (OpenZeppelin TimelockController's getMinDelay()): calls are queued by
/// its proposer and can run only after the delay.
contract AdvTimelock {
    address public proposer;
    uint256 public constant MIN_DELAY = 2 days;
    mapping(bytes32 => uint256) public eta;

    constructor(address p) {
        proposer = p;
    }

    function getMinDelay() external pure returns (uint256) {
        return MIN_DELAY;
    }

    function schedule(address target, bytes calldata data) external {
        require(msg.sender == proposer, "proposer");
        eta[keccak256(abi.encode(target, data))] = block.timestamp + MIN_DELAY;
    }

    function execute(address target, bytes calldata data) external {
        uint256 t = eta[keccak256(abi.encode(target, data))];
        require(t != 0 && block.timestamp >= t, "not ready");
        (bool ok,) = target.call(data);
        require(ok, "call failed");
    }
}

/// @notice Mint power held by a timelock: the deployer handed ownership to a two-day timelock. The
/// power is usable now, but only through the timelock, so it warns instead of failing.
contract TimelockOwnerMint is AdvBase {
    constructor(string memory n, string memory s) AdvBase(n, s) {}

    function mint(address to, uint256 amount) external onlyOwner {
        _mint(to, amount);
    }

    function handToTimelock() external onlyOwner {
        address t = address(new AdvTimelock(msg.sender));
        emit OwnershipTransferred(owner, t);
        owner = t;
    }
}
